import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } from '@suite/contracts';
import { AppError } from '@suite/http';
import type { Principal } from '../principal';
import { AuthzReplicaReader } from '../replicas/authz-replica.reader';
import { activeUserOf } from './active-user';
import { systemClock, type Clock } from '@suite/time';
import { ACCESS_TOKEN_VERIFIER_OPTIONS } from './authz.tokens';
import { VerifiedTokenCache } from './verified-token-cache';

/** Asymmetric algorithms only: a verifier never holds a secret that could also sign. */
export const ACCESS_TOKEN_ALGORITHMS = ['ES256', 'RS256', 'EdDSA'] as const;
/** Seconds of clock skew tolerated on `exp`, `nbf` and `iat` between auth and the verifying app. */
export const ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS = 5;

export interface AccessTokenVerifierOptions {
  /** Expected `iss` (AUTH_ISSUER). */
  issuer: string;
  /** Expected `aud`; ACCESS_TOKEN_AUDIENCE by default. */
  audience?: string;
  /** Resolves the verification key from the token header (`kid`, `alg`). */
  keys: JWTVerifyGetKey;
  clock?: Clock;
}

const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'exp', 'iat', 'jti', 'client_id', 'sid', 'company_id', 'scope'];

/**
 * Verifies an OAuth access token (RFC 9068 JWT) locally — signature against auth's published
 * keys, `typ`, `iss`, `aud`, `exp`/`nbf` — and then against this app's replicas: the user
 * exists, is not deleted and is Active, and the grant was not revoked. Any failure is a 401
 * saying what is wrong; the token itself is never logged nor echoed.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly audience: string;
  private readonly clock: Clock;
  private readonly verified = new VerifiedTokenCache();

  constructor(
    private readonly reader: AuthzReplicaReader,
    @Inject(ACCESS_TOKEN_VERIFIER_OPTIONS) private readonly options: AccessTokenVerifierOptions,
  ) {
    this.audience = options.audience ?? ACCESS_TOKEN_AUDIENCE;
    this.clock = options.clock ?? systemClock;
  }

  async verify(token: string): Promise<Principal> {
    const payload = await this.verifySignatureAndClaims(token);
    const claims = claimsOf(payload);
    // The replica reads are independent: run them side by side (they are most of the cost of a
    // verification). Only the user and actor checks throw, so which refusal wins stays fixed.
    const [, , revoked] = await Promise.all([
      activeUserOf(this.reader, claims.sub, claims.company_id),
      claims.act ? this.assertActorActive(claims.act.sub) : undefined,
      this.reader.isGrantRevoked(claims.sid),
    ]);
    if (revoked) throw new AppError('unauthenticated', 'The token was revoked.');
    return {
      via: 'access_token',
      companyId: claims.company_id,
      userId: claims.sub,
      scopes: claims.scope.split(' ').filter(Boolean),
      credentialId: claims.jti,
      clientId: claims.client_id,
      grantId: claims.sid,
      ...(claims.act ? { actorUserId: claims.act.sub } : {}),
    };
  }

  /**
   * A login-as token dies with its admin: suspending or deleting the admin refuses the token
   * at once, not when it expires. The admin's company is not compared — an agency admin acts in a
   * child company; auth checked that relation when it issued the token.
   */
  private async assertActorActive(actorUserId: string): Promise<void> {
    const actor = await this.reader.findUser(actorUserId);
    if (!actor || actor.deletedAt || actor.status !== 'Active') {
      throw new AppError('unauthenticated', 'The administrator acting as this user can no longer sign in.');
    }
  }

  private async verifySignatureAndClaims(token: string): Promise<JWTPayload> {
    const known = this.verified.get(token, this.clock.now(), ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.options.keys, {
        algorithms: [...ACCESS_TOKEN_ALGORITHMS],
        issuer: this.options.issuer,
        audience: this.audience,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: REQUIRED_CLAIMS,
        clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS,
        currentDate: this.clock.now(),
      });
      this.verified.remember(token, payload);
      return payload;
    } catch (error) {
      throw refusal(error);
    }
  }
}

interface VerifiedClaims {
  sub: string;
  jti: string;
  client_id: string;
  sid: string;
  company_id: string;
  scope: string;
  act?: { sub: string };
}

/** The claims the principal is built from, with their types checked (the signature only proves who wrote them). */
function claimsOf(payload: JWTPayload): VerifiedClaims {
  const strings = ['sub', 'jti', 'client_id', 'sid', 'company_id', 'scope'] as const;
  for (const name of strings) {
    if (typeof payload[name] !== 'string') throw new AppError('unauthenticated', `The token's "${name}" claim is invalid.`);
  }
  if (!/^[0-9]+$/.test(payload['company_id'] as string) || !/^[0-9]+$/.test(payload.sub as string)) {
    throw new AppError('unauthenticated', 'The token names an invalid user or company.');
  }
  const act = payload['act'];
  if (act !== undefined) {
    const actor = act as { sub?: unknown; act?: unknown } | null;
    if (typeof actor !== 'object' || actor === null || typeof actor.sub !== 'string' || !/^[0-9]+$/.test(actor.sub)) {
      throw new AppError('unauthenticated', 'The token\'s "act" claim is invalid.');
    }
    // Login-as cannot be nested: an impersonation token is never exchanged again.
    if (actor.act !== undefined) throw new AppError('unauthenticated', 'A nested impersonation token is not accepted.');
  }
  return payload as unknown as VerifiedClaims;
}

/** A jose failure as a 401 saying what is wrong; a key set that cannot be fetched is a 503. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof joseErrors.JWTExpired) return new AppError('unauthenticated', 'The token has expired.');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'iss':
        return new AppError('unauthenticated', "The token was not issued by this suite's authorization server.");
      case 'aud':
        return new AppError('unauthenticated', 'The token is not meant for this API.');
      case 'typ':
        return new AppError('unauthenticated', 'The token is not an access token.');
      case 'nbf':
        return new AppError('unauthenticated', 'The token is not valid yet.');
      case 'iat':
        return new AppError('unauthenticated', 'The token was issued in the future.');
      default:
        return new AppError('unauthenticated', `The token's "${error.claim}" claim is missing or invalid.`);
    }
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) {
    return new AppError('unauthenticated', 'The token is signed with an algorithm that is not accepted.');
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWKSMultipleMatchingKeys) {
    return new AppError('unauthenticated', 'The token is signed with an unknown key.');
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return new AppError('unauthenticated', 'The token signature is invalid.');
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
    return new AppError('unauthenticated', 'The token is malformed.');
  }
  if (error instanceof TypeError || error instanceof joseErrors.JWKInvalid) {
    // A key of the wrong type for the header's alg (an RSA key for ES256, say).
    return new AppError('unauthenticated', 'The token is signed with an unknown key.');
  }
  // JWKSTimeout, JWKSInvalid, a non-200 answer or a network error: the keys are out of reach, not the caller's fault.
  return new AppError('unavailable', 'Access tokens cannot be verified right now; try again shortly.');
}
