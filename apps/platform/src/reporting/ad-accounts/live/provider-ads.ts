import type {
  AdAccess,
  AdAccountDetails,
  AdGrantTokens,
  ConsentRequest,
  DailySpend,
  ReadableAdAccount,
} from '../ad-platform.port';

/** One live provider (Meta, Google Ads): the AdPlatform port for that provider alone (live-ad-platform.ts dispatches). */
export interface ProviderAds {
  consentUrl(request: ConsentRequest): string;
  redeemCode(code: string, redirectUri: string, codeVerifier: string): Promise<AdGrantTokens>;
  refreshGrant(tokens: AdGrantTokens): Promise<AdGrantTokens>;
  readableAccounts(access: AdAccess): Promise<ReadableAdAccount[]>;
  lookupAccount(accountId: string, access: AdAccess): Promise<AdAccountDetails | null>;
  dailySpend(accountId: string, from: string, to: string, access: AdAccess): Promise<DailySpend[]>;
}

/** Major units rounded half up to cents, from the provider's decimal string (`"12.345"` → 12.35); null when it is not one. */
export function moneyOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(-?)([0-9]{1,15})(?:\.([0-9]+))?$/.exec(value);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  // Decimal arithmetic on the digits, so no binary fraction rounds 1.005 down.
  const thousandths = BigInt(whole!) * 1000n + BigInt((fraction + '000').slice(0, 3));
  const cents = Number((thousandths + 5n) / 10n);
  return (sign === '-' ? -cents : cents) / 100;
}

/** Major units rounded half up to cents, from micros (Google's `cost_micros`, an int64 written as a string). */
export function moneyOfMicros(value: unknown): number | null {
  const micros =
    typeof value === 'string' && /^[0-9]{1,19}$/.test(value)
      ? BigInt(value)
      : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? BigInt(value)
        : null;
  return micros === null ? null : Number((micros + 5_000n) / 10_000n) / 100;
}
