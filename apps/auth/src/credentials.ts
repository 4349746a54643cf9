import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { CredentialUsageModule } from './credential-usage/credential-usage.module';
import { PersonalAccessTokenEntity } from './personal-access-tokens/personal-access-token.entity';
import { PersonalAccessTokensModule } from './personal-access-tokens/personal-access-tokens.module';

/** Personal access tokens and workspace API keys: issued here, checked in every app (decision 0008). */
export const CREDENTIAL_ENTITIES = [PersonalAccessTokenEntity, ApiKeyEntity];

export const CREDENTIAL_MODULES = [PersonalAccessTokensModule, ApiKeysModule, CredentialUsageModule];
