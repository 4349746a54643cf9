import { ApiProperty } from '@nestjs/swagger';
import type { SenderNumberEntity, SenderNumberStatus } from '../sender-number.entity';
import { IsPhone } from '@suite/runtime';

export class AddSenderNumberRequest {
  @ApiProperty({ description: 'E.164 or a 10-digit US number', example: '+14155550100' })
  @IsPhone()
  number!: string;
}

export class SenderNumberResponse {
  @ApiProperty() number!: string;
  @ApiProperty() company_id!: string;
  @ApiProperty({ enum: ['active', 'removed'] }) status!: SenderNumberStatus;
  @ApiProperty({ format: 'date-time', description: 'warm-up counts from here' }) added_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) removed_at!: string | null;
}

export class SenderNumberListResponse {
  @ApiProperty({ type: [SenderNumberResponse], description: 'active numbers first' }) sender_numbers!: SenderNumberResponse[];
}

export const mapSenderNumber = (row: SenderNumberEntity): SenderNumberResponse => ({
  number: row.number,
  company_id: row.companyId,
  status: row.status,
  added_at: row.addedAt.toISOString(),
  removed_at: row.removedAt?.toISOString() ?? null,
});
