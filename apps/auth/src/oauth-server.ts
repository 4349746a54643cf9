import { AuthorizationCodeEntity } from './authorization/authorization-code.entity';
import { AuthorizationModule } from './authorization/authorization.module';
import { UsedLoginChoiceEntity } from './authorization/used-login-choice.entity';
import { GrantEntity } from './grants/grant.entity';
import { ImpersonationAuditEntity } from './login-as/impersonation-audit.entity';
import { LoginThrottleEntity } from './login-users/login-throttle.entity';
import { LoginUserEntity } from './login-users/login-user.entity';
import { LoginUsersModule } from './login-users/login-users.module';
import { MetadataModule } from './metadata/metadata.module';
import { OAuthClientEntity } from './oauth-clients/oauth-client.entity';
import { OAuthClientsModule } from './oauth-clients/oauth-clients.module';
import { SigningKeyEntity } from './signing-keys/signing-key.entity';
import { SigningKeysModule } from './signing-keys/signing-keys.module';
import { RefreshTokenEntity } from './tokens/refresh-token.entity';
import { TokensModule } from './tokens/tokens.module';

/** The OAuth 2.0 authorization server's pieces, wired into AppModule (decision 0007). */
export const OAUTH_SERVER_ENTITIES = [
  OAuthClientEntity,
  GrantEntity,
  AuthorizationCodeEntity,
  RefreshTokenEntity,
  SigningKeyEntity,
  LoginUserEntity,
  LoginThrottleEntity,
  UsedLoginChoiceEntity,
  ImpersonationAuditEntity,
];

export const OAUTH_SERVER_MODULES = [
  SigningKeysModule,
  LoginUsersModule,
  OAuthClientsModule,
  TokensModule,
  AuthorizationModule,
  MetadataModule,
];
