import { ApiProperty } from '@nestjs/swagger';
import { AD_PROVIDERS, type AdProvider } from '../ad-provider';
import type { ReadableAdAccount } from '../ad-platform.port';

/** An ad account the company's grant may read: one to connect with POST /api/ad-accounts. */
export class ReadableAdAccountResponse {
  @ApiProperty({ maxLength: 64, example: 'act_1234567890', description: "The provider's id, as POST /api/ad-accounts takes it" })
  account_id!: string;
  @ApiProperty({ maxLength: 255, example: 'Sunrise Dental Ads' }) name!: string;
  @ApiProperty({ minLength: 3, maxLength: 3, example: 'USD' }) currency!: string;
  @ApiProperty({ maxLength: 64, example: 'America/Los_Angeles', description: "The zone the account's days are reported in" })
  time_zone!: string;
}

/** What the callback of a consent answers: the grant is stored; one of its accounts is connected next. */
export class CompletedConsentResponse {
  @ApiProperty({ enum: AD_PROVIDERS }) provider!: AdProvider;
  @ApiProperty({ type: [ReadableAdAccountResponse] }) accounts!: ReadableAdAccountResponse[];
  @ApiProperty({
    type: [String],
    example: ['act_1234567890'],
    description: 'Accounts of the company that were disconnected and that this grant reads again: connected again',
  })
  reconnected!: string[];
}

export const mapReadableAdAccount = (account: ReadableAdAccount): ReadableAdAccountResponse => ({
  account_id: account.accountId,
  name: account.name,
  currency: account.currency,
  time_zone: account.timeZone,
});
