import type { JWTVerifyGetKey } from 'jose';

/**
 * The key resolver access tokens are verified with (a jose `JWTVerifyGetKey`). By default a
 * cached remote JWKS (`createRemoteJWKSet(AUTH_JWKS_URL)`); tests and the auth app itself may
 * provide their own through `AuthzModule.forRoot({ accessTokenKeys })`.
 */
export const ACCESS_TOKEN_KEYS = Symbol('ACCESS_TOKEN_KEYS');
export type AccessTokenKeys = JWTVerifyGetKey;

/** Settings of AccessTokenVerifier (issuer, audience, keys, clock). */
export const ACCESS_TOKEN_VERIFIER_OPTIONS = Symbol('ACCESS_TOKEN_VERIFIER_OPTIONS');
