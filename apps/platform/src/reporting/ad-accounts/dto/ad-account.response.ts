import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../../shared/api-ids';
import { AD_ACCOUNT_STATUSES, type AdAccountEntity, type AdAccountStatus } from '../ad-account.entity';
import { AD_PROVIDERS, type AdProvider } from '../ad-provider';

export class AdAccountResponse {
  @ApiProperty({ type: 'integer', example: 3 }) id!: number;
  @ApiProperty({ enum: AD_PROVIDERS }) provider!: AdProvider;
  @ApiProperty({ maxLength: 64, example: 'act_1234567890', description: "The provider's id of the account" })
  account_id!: string;
  @ApiProperty({ maxLength: 255, example: 'Sandbox Facebook Ads act_1234567890', description: 'As the provider names it' })
  name!: string;
  @ApiProperty({ minLength: 3, maxLength: 3, example: 'USD', description: 'ISO 4217: the currency of its spend' })
  currency!: string;
  @ApiProperty({
    maxLength: 64,
    example: 'America/New_York',
    description: "IANA zone the provider reports the account's days in; its spend days are stored as reported",
  })
  time_zone!: string;
  @ApiProperty({
    enum: AD_ACCOUNT_STATUSES,
    description: '`disconnected`: the grant was revoked or no longer reads the account; its spend is then null, never 0',
  })
  status!: AdAccountStatus;
  @ApiProperty({ type: String, nullable: true, maxLength: 500, description: 'Why it is disconnected; null while connected' })
  disconnected_reason!: string | null;
  @ApiProperty({ format: 'date-time' }) connected_at!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a sync last succeeded; null before the first (its spend is then unknown: null, never 0)',
  })
  last_synced_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'Why the latest sync failed; null once one succeeds',
  })
  last_sync_error!: string | null;
}

export const mapAdAccount = (account: AdAccountEntity): AdAccountResponse => ({
  id: apiId(account.id),
  provider: account.provider,
  account_id: account.accountId,
  name: account.name,
  currency: account.currency,
  time_zone: account.timeZone,
  status: account.status,
  disconnected_reason: account.disconnectedReason,
  connected_at: account.connectedAt.toISOString(),
  last_synced_at: account.lastSyncedAt?.toISOString() ?? null,
  last_sync_error: account.lastSyncError,
});
