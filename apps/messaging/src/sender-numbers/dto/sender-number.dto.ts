import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SENDER_PROVIDERS, type SenderProvider } from '../../carrier/carrier.port';
import type { SenderNumberEntity, SenderNumberStatus } from '../sender-number.entity';
import { IsPhone } from '@suite/http';

export class AddSenderNumberRequest {
  @ApiProperty({ description: 'E.164 or a 10-digit US number', example: '+14155550100' })
  @IsPhone()
  number!: string;

  @ApiPropertyOptional({
    enum: SENDER_PROVIDERS,
    description:
      'Whose number it is: a Twilio number or a Sendblue iMessage line (a sandbox number in sandbox mode). Default: the active ' +
      "carrier's kind; required with MESSAGING_CARRIER=sendblue+twilio, whose pool holds both. 400 for a kind the carrier does not send from",
  })
  @IsOptional()
  @IsIn(SENDER_PROVIDERS, { message: `provider must be one of: ${SENDER_PROVIDERS.join(', ')}` })
  provider?: SenderProvider;
}

export class SenderNumberResponse {
  @ApiProperty() number!: string;
  @ApiProperty() company_id!: string;
  @ApiProperty({ enum: ['active', 'removed'] }) status!: SenderNumberStatus;
  @ApiProperty({ enum: SENDER_PROVIDERS, description: 'whose number it is' }) provider!: SenderProvider;
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
  provider: row.provider,
  added_at: row.addedAt.toISOString(),
  removed_at: row.removedAt?.toISOString() ?? null,
});
