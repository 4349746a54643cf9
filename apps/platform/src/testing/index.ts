// The platform's test harness, for its own integration specs and for specs outside the app (e2e):
// `@suite/platform-app/testing`. Kept apart from the app's public index so production code never
// pulls in @suite/testing. docs/adding-a-feature.md shows a feature's tests written with it.
export { PlatformTestApp, type PlatformTestOptions, type TestUser, type UserOptions } from './platform-test-app';
export { createTenancyFixture, type CompanyKey, type TenancyFixture } from './tenancy-fixture';
export { endpointRules, sendCase, type EndpointCase, type EndpointTarget, type SendOptions } from './endpoint-rules';
export { RecordingVoiceProvider } from './recording-voice-provider';
export {
  LiveVoiceProviders,
  TEST_RETELL_API_KEY,
  TEST_TELNYX_API_KEY,
  TEST_TERMINATION_URI,
  TEST_TWILIO_ACCOUNT_SID,
  TEST_TWILIO_AUTH_TOKEN,
  TEST_TWILIO_TRUNK_SID,
} from './live-voice-providers';
