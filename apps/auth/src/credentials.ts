import type { Type } from '@nestjs/common';
import type { EventHandler } from '@suite/eventing';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { CredentialUsageHandler } from './credential-usage/credential-usage.handler';
import { CredentialUsageModule } from './credential-usage/credential-usage.module';
import { PersonalAccessTokenEntity } from './personal-access-tokens/personal-access-token.entity';
import { PersonalAccessTokensModule } from './personal-access-tokens/personal-access-tokens.module';

/** Personal access tokens and workspace API keys: issued here, checked in every app (decision 0008). */
export const CREDENTIAL_ENTITIES = [PersonalAccessTokenEntity, ApiKeyEntity];

export const CREDENTIAL_MODULES = [PersonalAccessTokensModule, ApiKeysModule, CredentialUsageModule];

/** Every app reports accepted credentials (`credential.used`); auth keeps the latest as last_used_at. */
export const CREDENTIAL_HANDLERS: Type<EventHandler>[] = [CredentialUsageHandler];
