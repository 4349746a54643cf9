// The auth app's test harness for specs outside the app (e2e): `@suite/auth-app/testing`. Kept
// apart from the app's public index so production code never pulls in @suite/testing.
export { AuthTestApp, type OAuthErrorBody, type SeedCompany, type SeedUser } from './auth-test-app';
