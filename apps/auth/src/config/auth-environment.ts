import { IsOptional, MinLength } from 'class-validator';
import { BaseEnvironment, Secret } from '@suite/config';

/** Auth's environment: the shared variables plus the authorization server's own. */
export class AuthEnvironment extends BaseEnvironment {
  override PORT = 3002;

  /**
   * HMAC key of the login session cookie and its CSRF tokens. When unset a random one is drawn
   * per process: sessions then end with the process and do not span replicas.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'AUTH_SESSION_SECRET must be at least 32 characters' })
  AUTH_SESSION_SECRET?: string;

  /**
   * Encrypts signing private keys at rest (AES-256-GCM, key derived by HKDF). When unset the
   * keys are stored unencrypted and a warning is logged at start.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'AUTH_KEY_ENCRYPTION_SECRET must be at least 32 characters' })
  AUTH_KEY_ENCRYPTION_SECRET?: string;
}

/**
 * The issuer identifier (RFC 8414 §2), `iss` of every access token: AUTH_ISSUER (validated by
 * the shared environment, since every app checks it), else `http://127.0.0.1:<PORT>`; no
 * trailing slash, so `${issuer}/oauth/token` is well-formed.
 */
export function issuerOf(env: AuthEnvironment & { AUTH_ISSUER?: string }): string {
  const issuer = env.AUTH_ISSUER || `http://127.0.0.1:${env.PORT}`;
  return issuer.replace(/\/+$/, '');
}
