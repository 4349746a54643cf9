export { createAuthApp, loadAuthEnvironment } from './auth.app';
export { AUTH_ENTITIES } from './app.module';
export { authMigrations } from './database/migrations';
export { AuthEnvironment } from './auth-environment';
// Operator tooling (tools/admin, the embedded launcher's bootstrap) acts through these services.
export { OAuthClientsService } from './oauth-clients/oauth-clients.service';
export { PersonalAccessTokensService } from './personal-access-tokens/personal-access-tokens.service';
export { ApiKeysService } from './api-keys/api-keys.service';
export { LoginUsersService } from './login-users/login-users.service';
// For cross-app tests (e2e) that mint access tokens the way the token endpoint does.
export { AccessTokenIssuer } from './tokens/access-token.issuer';
// The benches feed other apps' credential replicas with the event auth itself publishes.
export { credentialIssued } from './shared/credential-events';
