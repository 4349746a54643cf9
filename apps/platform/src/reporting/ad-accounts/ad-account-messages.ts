/** The ad-account routes' fixed messages (docs/ad-accounts.md), one place for the services, controllers and tests. */
export const AD_ACCOUNT_NOT_FOUND = 'Ad account not found.';
export const NOT_FOUND_AT_PROVIDER = 'Ad account not found at the provider.';
export const AD_PLATFORM_UNAVAILABLE = 'The ad platform cannot be reached; try again later.';
export const HELD_ELSEWHERE = 'This ad account is connected by another company.';
export const STATE_UNKNOWN =
  'The connect request is unknown, used or expired; start again from GET /api/ad-accounts/connect/{provider}.';
export const alreadyConnected = (provider: string) => `A ${provider} ad account is already connected.`;
export const notOffered = (provider: string) => `Ad platform ${provider} is not available here.`;
