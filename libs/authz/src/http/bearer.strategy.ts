import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { Strategy } from 'passport-http-bearer';
import { CREDENTIAL_PREFIXES } from '@suite/contracts';
import { AppError } from '@suite/http';
import type { Principal } from '../principal';
import { AccessTokenVerifier } from '../verification/access-token.verifier';
import { OpaqueCredentialVerifier } from '../verification/opaque-credential.verifier';

export const BEARER_STRATEGY = 'bearer';

/** One passport registry per strategy instance (see `getPassportInstance`). */
const registries = new WeakMap<object, passport.Authenticator>();

/**
 * `Authorization: Bearer <token>`: an OAuth access token (a JWT: three dot-separated parts) or a
 * personal access token (`suite_pat_...`). Workspace API keys are not bearer tokens.
 * Authenticates only; authorization is the permission guards' job.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(
    private readonly accessTokens: AccessTokenVerifier,
    private readonly opaqueCredentials: OpaqueCredentialVerifier,
  ) {
    super();
  }

  async validate(token: string): Promise<Principal> {
    if (token.split('.').length === 3) return this.accessTokens.verify(token);
    if (token.startsWith(CREDENTIAL_PREFIXES.personal_access_token)) {
      return this.opaqueCredentials.verify(token, 'personal_access_token');
    }
    if (token.startsWith(CREDENTIAL_PREFIXES.api_key)) {
      throw new AppError('unauthenticated', 'An API key is not a bearer token; send it in the x-api-key header.');
    }
    throw new AppError('unauthenticated', 'The bearer token is not an access token nor a personal access token.');
  }

  /**
   * Passport's default registry is one per process, and in embedded mode four apps share the
   * process: the last app to register "bearer" would verify every app's requests against its
   * own replicas (and its closed DataSource after shutdown). Each strategy therefore registers
   * in a registry of its own, which BearerAuthGuard uses.
   */
  getPassportInstance(): passport.Authenticator {
    let registry = registries.get(this);
    if (!registry) {
      registry = new passport.Authenticator();
      registries.set(this, registry);
    }
    return registry;
  }
}
