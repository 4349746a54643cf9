/**
 * The ad-platform adapters this build knows, by the name PLATFORM_AD_PLATFORM selects. A new
 * adapter adds its name here and its factory in ad-platform.module.ts (docs/ad-accounts.md).
 */
export const AD_PLATFORM_NAMES = ['sandbox', 'live'] as const;
export type AdPlatformName = (typeof AD_PLATFORM_NAMES)[number];

/**
 * The ad platforms a company can connect, in the order lists and the dashboard show them; the
 * environment's credential checks name them too (ad-platform-variables.ts).
 */
export const AD_PROVIDERS = ['facebook', 'google'] as const;
export type AdProvider = (typeof AD_PROVIDERS)[number];
