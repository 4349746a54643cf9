import { Inject, Injectable, Optional } from '@nestjs/common';
import { credentialDigest, parseOpaqueCredential, type OpaqueCredentialKind } from '@suite/contracts';
import { AppError } from '@suite/http';
import { CLOCK, systemClock, type Clock } from '@suite/time';
import type { Principal } from '../principal';
import { AuthzReplicaReader } from '../replicas/authz-replica.reader';
import { CredentialUsageRecorder } from '../usage/credential-usage.recorder';
import { activeUserOf } from './active-user';

const NOUN: Record<OpaqueCredentialKind, string> = { personal_access_token: 'token', api_key: 'API key' };

/**
 * Checks a personal access token or a workspace API key against this app's credential replica:
 * well-formed (prefix and checksum, refused with no lookup otherwise), known by its digest, of
 * the expected kind, not revoked, not expired; for a personal access token its user must also be
 * active. Revocations arrive by event, so they take effect here within about a second.
 * An accepted credential is handed to the usage recorder (auth's "last used"), which returns at
 * once and never fails the check.
 */
@Injectable()
export class OpaqueCredentialVerifier {
  private readonly clock: Clock;

  constructor(
    private readonly reader: AuthzReplicaReader,
    @Optional() @Inject(CLOCK) clock?: Clock,
    // Explicit token: a union type leaves no usable design-time metadata.
    @Optional() @Inject(CredentialUsageRecorder) private readonly usage?: CredentialUsageRecorder | null,
  ) {
    this.clock = clock ?? systemClock;
  }

  async verify(value: string, expected: OpaqueCredentialKind): Promise<Principal> {
    const noun = NOUN[expected];
    const kind = parseOpaqueCredential(value);
    if (kind === null) throw new AppError('unauthenticated', `The ${noun} is malformed.`);
    if (kind !== expected) {
      throw new AppError(
        'unauthenticated',
        expected === 'api_key'
          ? 'A personal access token is not an API key; send it as "Authorization: Bearer <token>".'
          : 'An API key is not a bearer token; send it in the x-api-key header.',
      );
    }
    const credential = await this.reader.findCredentialByDigest(credentialDigest(value));
    if (!credential || credential.kind !== expected) throw new AppError('unauthenticated', `The ${noun} is not valid.`);
    if (credential.revokedAt) throw new AppError('unauthenticated', `The ${noun} was revoked.`);
    if (credential.expiresAt && credential.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new AppError('unauthenticated', `The ${noun} has expired.`);
    }
    if (expected === 'personal_access_token') {
      if (!credential.userId) throw new AppError('unauthenticated', `The ${noun} is not valid.`);
      await activeUserOf(this.reader, credential.userId, credential.companyId);
    }
    this.usage?.record({ credentialId: credential.credentialId, kind: expected, companyId: credential.companyId });
    return {
      via: expected,
      companyId: credential.companyId,
      userId: expected === 'api_key' ? null : credential.userId,
      scopes: [...credential.scopes],
      credentialId: credential.credentialId,
    };
  }
}
