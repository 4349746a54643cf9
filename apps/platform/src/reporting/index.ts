// The public face of reporting: the dashboard, ad accounts and their spend, the call-history export (decision 0059).
// Code outside this folder imports only from here; what is not exported is the context's own.
export { HELD_ELSEWHERE } from './ad-accounts/ad-account-messages';
export { AdAccountsEnvironment } from './ad-accounts/ad-accounts-environment';
export { AdAccountsModule } from './ad-accounts/ad-accounts.module';
export { AdAccountsService } from './ad-accounts/ad-accounts.service';
export { AdPlatformModule } from './ad-accounts/ad-platform.module';
export { configuredAdProviders } from './ad-accounts/ad-platform-variables';
export { CallHistoryEnvironment } from './call-history/call-history-environment';
export { SandboxAdConsentModule } from './ad-accounts/sandbox/sandbox-ad-consent.module';
export { CallHistoryModule } from './call-history/call-history.module';
export { ReportingModule } from './reporting.module';
