import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../../shared/api-ids';
import {
  SPAM_NUMBER_TYPES,
  SPAM_STATUSES,
  type SpamNumberType,
  type SpamProtectedNumberEntity,
  type SpamStatus,
} from '../spam-protected-number.entity';

/** One carrier's answer at the latest check. */
export class CarrierCheckResponse {
  @ApiProperty({ maxLength: 64, example: 'T-Mobile' }) carrier!: string;
  @ApiProperty({ description: 'Whether this carrier labels the number' }) flagged!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 64,
    example: 'Scam Likely',
    description: "The carrier's label when flagged",
  })
  label!: string | null;
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
}

export class SpamNumberResponse {
  @ApiProperty({ type: 'integer', example: 12 }) id!: number;
  @ApiProperty({ maxLength: 20, example: '+14155550123' }) pnumber!: string;
  @ApiProperty({
    enum: SPAM_NUMBER_TYPES,
    description: 'House: a purchased number; AI: a purchased number an agent uses; Custom: typed in',
  })
  type!: SpamNumberType;
  @ApiProperty({
    enum: SPAM_STATUSES,
    description: 'In Progress until a check answers; Flagged when any carrier labels the number',
  })
  status!: SpamStatus;
  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: "A purchased number's next monthly renewal (Y-m-d); null for Custom",
  })
  renewal!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the latest check answered' })
  last_checked_at!: string | null;
  @ApiProperty({ type: [CarrierCheckResponse], description: "Every carrier's answer at the latest check ([] before one)" })
  flagged_carriers!: CarrierCheckResponse[];
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 255,
    description: 'Why the latest check could not answer (no reputation source configured or allowed, say); null after an answer',
  })
  status_reason!: string | null;
  @ApiProperty({ description: 'True for Custom rows only' }) can_edit!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** `renewal` is the one answered now (SpamNumbersService works it out from the purchase). */
export const mapSpamNumber = (row: SpamProtectedNumberEntity, renewal: string | null = row.renewal): SpamNumberResponse => ({
  id: apiId(row.id),
  pnumber: row.pnumber,
  type: row.type,
  status: row.status,
  renewal,
  last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
  flagged_carriers: row.flaggedCarriers.map((check) => ({
    carrier: check.carrier,
    flagged: check.flagged,
    label: check.label,
    checked_at: check.checked_at,
  })),
  status_reason: row.statusReason,
  can_edit: row.type === 'Custom',
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
