import type { BaseEnvironment } from '@suite/config';

/**
 * The issuer identifier (RFC 8414 §2), `iss` of every access token: AUTH_ISSUER (validated by
 * the shared environment, since every app checks it), else `http://127.0.0.1:<PORT>`; no
 * trailing slash, so `${issuer}/oauth/token` is well-formed.
 */
export function issuerOf(env: Pick<BaseEnvironment, 'PORT'> & { AUTH_ISSUER?: string }): string {
  const issuer = env.AUTH_ISSUER || `http://127.0.0.1:${env.PORT}`;
  return issuer.replace(/\/+$/, '');
}
