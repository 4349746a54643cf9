import {
  Global,
  Logger,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type Provider,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createRemoteJWKSet } from 'jose';
import type { DataSource } from 'typeorm';
import { EventingRuntime } from '@suite/eventing';
import { CLOCK, systemClock, type Clock } from '@suite/time';
import { BaseEnvironment, jwksUrlOf } from '@suite/config';
import { ApiKeyGuard } from './http/api-key.guard';
import { BearerAuthGuard } from './http/bearer-auth.guard';
import { BearerStrategy } from './http/bearer.strategy';
import { rateLimitPolicyOf, type RateLimitPolicy } from './rate-limits/rate-limit-policy';
import { RateLimitGuard } from './rate-limits/rate-limit.guard';
import { PostgresBucketLeaseStore } from './rate-limits/rate-limit.store';
import { RateLimiter } from './rate-limits/rate-limiter';
import { AuthzReplicaReader, TypeOrmAuthzReplicaReader } from './replicas/authz-replica.reader';
import {
  CachingAuthzReplicaReader,
  CREDENTIAL_CACHE_DEFAULT_TTL_MS,
  CREDENTIAL_CACHE_MAX_ENTRIES,
} from './replicas/caching-replica.reader';
import { AUTHZ_REPLICA_HANDLERS } from './replicas/authz-replicas';
import { CompanyScope } from './scope/company-scope.service';
import { createCredentialUsageRecorder } from './usage/credential-usage.outbox';
import { CredentialUsageRecorder } from './usage/credential-usage.recorder';
import { AccessTokenVerifier, type AccessTokenVerifierOptions } from './verification/access-token.verifier';
import { ACCESS_TOKEN_KEYS, ACCESS_TOKEN_VERIFIER_OPTIONS, type AccessTokenKeys } from './verification/authz.tokens';
import { OpaqueCredentialVerifier } from './verification/opaque-credential.verifier';

/** JWKS cache: refetch at most every 30 s on an unknown `kid` (key rotation), keep keys 10 min. */
export const JWKS_COOLDOWN_MS = 30_000;
export const JWKS_CACHE_MAX_AGE_MS = 600_000;
export const JWKS_TIMEOUT_MS = 5_000;

export interface AuthzModuleOptions extends Pick<ModuleMetadata, 'imports'> {
  /**
   * Where access-token verification keys come from. Default: the remote JWKS at AUTH_JWKS_URL
   * (or `${AUTH_ISSUER}/.well-known/jwks.json`), cached. The auth app may resolve its own keys
   * locally; tests pass a local key.
   */
  accessTokenKeys?: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest factory signature
    useFactory: (...args: any[]) => AccessTokenKeys | Promise<AccessTokenKeys>;
    inject?: InjectionToken[];
  };
  /** TypeORM connection name when the app has more than one DataSource. */
  dataSourceName?: string;
  /**
   * The app limits its credentialed routes (decision 0045): its default budgets, each replaced by
   * its RATE_LIMIT_* variable. The app adds RATE_LIMIT_ENTITIES to its DataSource. Without it
   * (auth) RateLimitGuard lets everything through.
   */
  rateLimits?: RateLimitPolicy;
}

/**
 * Credential checks and authorization for one app: verifiers, the bearer strategy, the guards
 * behind `@Authenticated()`, `@RequirePermission()` and `@ApiKeyAuthenticated()`, CompanyScope,
 * and the handlers that keep the replicas (AUTHZ_ENTITIES) from events.
 * Global; import it once, after the core modules (it needs the app's DataSource and BaseEnvironment)
 * and EventingModule (accepted personal access tokens and API keys are reported through its outbox).
 */
@Global()
@Module({})
export class AuthzModule {
  static forRoot(options: AuthzModuleOptions = {}): DynamicModule {
    const keys: Provider = options.accessTokenKeys
      ? {
          provide: ACCESS_TOKEN_KEYS,
          useFactory: options.accessTokenKeys.useFactory,
          inject: options.accessTokenKeys.inject ?? [],
        }
      : {
          provide: ACCESS_TOKEN_KEYS,
          inject: [BaseEnvironment],
          // Nothing is fetched until the first token arrives; jose caches and rate-limits refetches.
          useFactory: (env: BaseEnvironment): AccessTokenKeys =>
            createRemoteJWKSet(new URL(jwksUrlOf(env)), {
              cooldownDuration: JWKS_COOLDOWN_MS,
              cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
              timeoutDuration: JWKS_TIMEOUT_MS,
            }),
        };
    const providers: Provider[] = [
      {
        provide: AuthzReplicaReader,
        inject: [getDataSourceToken(options.dataSourceName), BaseEnvironment],
        // Credential rows are remembered for AUTHZ_CREDENTIAL_CACHE_MS (≤ 250 ms, decision 0008 addendum).
        useFactory: (dataSource: DataSource, env: Partial<BaseEnvironment>) =>
          new CachingAuthzReplicaReader(new TypeOrmAuthzReplicaReader(dataSource), {
            ttlMs: env.AUTHZ_CREDENTIAL_CACHE_MS ?? CREDENTIAL_CACHE_DEFAULT_TTL_MS,
            maxEntries: CREDENTIAL_CACHE_MAX_ENTRIES,
          }),
      },
      keys,
      {
        provide: ACCESS_TOKEN_VERIFIER_OPTIONS,
        // The app's CLOCK (coreModules); a bare test module without one reads the system clock.
        inject: [BaseEnvironment, ACCESS_TOKEN_KEYS, { token: CLOCK, optional: true }],
        useFactory: (env: BaseEnvironment, accessTokenKeys: AccessTokenKeys, clock?: Clock): AccessTokenVerifierOptions => ({
          issuer: env.AUTH_ISSUER,
          keys: accessTokenKeys,
          clock: clock ?? systemClock,
        }),
      },
      {
        // Through the app's outbox when it has eventing (every app does); absent in bare test modules.
        provide: CredentialUsageRecorder,
        inject: [
          getDataSourceToken(options.dataSourceName),
          { token: CLOCK, optional: true },
          { token: EventingRuntime, optional: true },
        ],
        useFactory: createCredentialUsageRecorder,
      },
      {
        provide: RateLimiter,
        inject: [getDataSourceToken(options.dataSourceName), BaseEnvironment],
        useFactory: (dataSource: DataSource, env: Partial<BaseEnvironment>): RateLimiter | null =>
          options.rateLimits && env.RATE_LIMITS_ENABLED !== false
            ? new RateLimiter({
                policy: rateLimitPolicyOf(options.rateLimits, env),
                store: new PostgresBucketLeaseStore(dataSource),
                logger: { warn: (message, context) => new Logger('RateLimiter').warn({ msg: message, ...context }) },
              })
            : null,
      },
      RateLimitGuard,
      AccessTokenVerifier,
      OpaqueCredentialVerifier,
      BearerStrategy,
      BearerAuthGuard,
      ApiKeyGuard,
      CompanyScope,
      // The replicas' event handlers (EventingModule finds every provider with @OnEvent methods).
      ...AUTHZ_REPLICA_HANDLERS,
    ];
    return {
      module: AuthzModule,
      global: true,
      imports: options.imports ?? [],
      providers,
      exports: [
        AuthzReplicaReader,
        ACCESS_TOKEN_KEYS,
        AccessTokenVerifier,
        OpaqueCredentialVerifier,
        CredentialUsageRecorder,
        BearerStrategy,
        BearerAuthGuard,
        ApiKeyGuard,
        RateLimiter,
        RateLimitGuard,
        CompanyScope,
      ],
    };
  }
}
