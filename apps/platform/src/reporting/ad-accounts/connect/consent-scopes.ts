import type { AdProvider } from '../ad-provider';

/**
 * The read-only scope each provider's consent asks for: Meta's `ads_read` (reading ad accounts
 * and insights; never `ads_management`); Google Ads has one scope, `adwords`, and the platform
 * only ever reads with it (searchStream queries).
 */
export const READ_SCOPES: Readonly<Record<AdProvider, string>> = {
  facebook: 'ads_read',
  google: 'https://www.googleapis.com/auth/adwords',
};

/** Where each provider sends the consent back: `<PLATFORM_PUBLIC_URL>` + this + the provider. */
export const CONSENT_CALLBACK_PATH = '/api/ad-accounts/callback';

export const consentRedirectUri = (publicUrl: string, provider: AdProvider): string =>
  `${publicUrl}${CONSENT_CALLBACK_PATH}/${provider}`;
