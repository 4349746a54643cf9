import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from '@suite/contracts';
import { BaseEnvironment } from '@suite/config';
import { issuerOf } from '../shared/issuer';
import { SIGNING_ALG, SigningKeysService } from '../signing-keys/signing-keys.service';

export interface AccessTokenSubject {
  userId: string;
  companyId: string;
  clientId: string;
  grantId: string;
  scopes: readonly string[];
  /** Login-as (RFC 8693): the admin acting as `userId`, written as `act: { sub }`. */
  actorUserId?: string;
  /** Lifetime in seconds; ACCESS_TOKEN_TTL_SECONDS by default. */
  ttlSeconds?: number;
}

/** Issues RFC 9068 JWT access tokens signed with the current ES256 key. */
@Injectable()
export class AccessTokenIssuer {
  private readonly issuer: string;

  constructor(
    private readonly keys: SigningKeysService,
    env: BaseEnvironment,
  ) {
    this.issuer = issuerOf(env);
  }

  async issue(subject: AccessTokenSubject, now: Date): Promise<{ token: string; expiresIn: number }> {
    const key = await this.keys.currentKey();
    const iat = Math.floor(now.getTime() / 1000);
    const ttl = subject.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessTokenClaims = {
      iss: this.issuer,
      aud: ACCESS_TOKEN_AUDIENCE,
      sub: subject.userId,
      client_id: subject.clientId,
      scope: subject.scopes.join(' '),
      sid: subject.grantId,
      jti: randomUUID(),
      iat,
      exp: iat + ttl,
      company_id: subject.companyId,
      ...(subject.actorUserId === undefined ? {} : { act: { sub: subject.actorUserId } }),
    };
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: SIGNING_ALG, typ: ACCESS_TOKEN_TYPE, kid: key.kid })
      .sign(key.privateKey);
    return { token, expiresIn: ttl };
  }
}
