import { AD_PROVIDERS, type AdProvider } from './ad-platform-registry';

export { AD_PROVIDERS, type AdProvider };

/** How each provider is named to people (the dashboard's channels, notes and messages). */
export const AD_CHANNEL_LABELS: Readonly<Record<AdProvider, string>> = { facebook: 'Facebook Ads', google: 'Google Ads' };

export const isAdProvider = (value: unknown): value is AdProvider => (AD_PROVIDERS as readonly unknown[]).includes(value);

/**
 * How each provider writes an account id: Facebook's ad account ids are `act_` and the numeric id;
 * Google Ads customer ids are ten digits, shown `123-456-7890`.
 */
export const ACCOUNT_ID_FORMATS: Record<AdProvider, { pattern: RegExp; description: string; example: string }> = {
  facebook: { pattern: /^act_[0-9]{1,20}$/, description: 'act_ followed by 1 to 20 digits', example: 'act_1234567890' },
  google: { pattern: /^[0-9]{3}-[0-9]{3}-[0-9]{4}$/, description: 'ten digits written NNN-NNN-NNNN', example: '123-456-7890' },
};

/** Provider order (facebook, then google), for sorting rows by their provider. */
export const providerRank = (provider: string): number => {
  const rank = AD_PROVIDERS.indexOf(provider as AdProvider);
  return rank === -1 ? AD_PROVIDERS.length : rank;
};

/**
 * What is wrong with a connect request, by field (empty when nothing): the provider must be one
 * of AD_PROVIDERS and the account id written as that provider writes it. Any other character
 * (NUL, a lone surrogate, a space) fails the pattern.
 */
export function connectProblems(provider: string, accountId: string): Record<string, string[]> {
  if (!isAdProvider(provider)) return { provider: [`provider must be one of: ${AD_PROVIDERS.join(', ')}`] };
  const format = ACCOUNT_ID_FORMATS[provider];
  return format.pattern.test(accountId) ? {} : { account_id: [`a ${provider} account_id is ${format.description}`] };
}
