import type { CredentialIssuedData, OpaqueCredentialKind } from '@suite/contracts';
import { newEvent } from '@suite/eventing';

/** What auth knows of a credential it issued, enough for every app's replica (never the secret). */
export interface IssuedCredential {
  id: string;
  kind: OpaqueCredentialKind;
  companyId: string;
  userId: string | null;
  name: string;
  digest: string;
  scopes: readonly string[];
  expiresAt: Date | null;
  createdAt: Date;
}

type CredentialRef = Pick<IssuedCredential, 'id' | 'kind' | 'companyId'>;

/** What every credential event's data starts with: which credential, of which kind, in which company. */
const credentialFields = (credential: CredentialRef) => ({
  credential_id: credential.id,
  kind: credential.kind,
  company_id: credential.companyId,
});

/** `credential.issued` on `auth.credential.v1`: each app's credential replica learns the digest. */
export const credentialIssued = (credential: IssuedCredential) =>
  newEvent('credential.issued', {
    companyId: credential.companyId,
    subject: credential.id,
    data: {
      ...credentialFields(credential),
      user_id: credential.userId,
      name: credential.name,
      digest: credential.digest,
      scopes: [...credential.scopes],
      expires_at: credential.expiresAt?.toISOString() ?? null,
      created_at: credential.createdAt.toISOString(),
    } satisfies CredentialIssuedData,
  });

/** `credential.revoked`: every app refuses the credential once its replica has this (well under a second). */
export const credentialRevoked = (credential: CredentialRef, revokedAt: Date) =>
  newEvent('credential.revoked', {
    companyId: credential.companyId,
    subject: credential.id,
    data: {
      ...credentialFields(credential),
      revoked_at: revokedAt.toISOString(),
    },
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Credential ids are UUIDs; anything else is an unknown id (404), not a malformed request. */
export const isCredentialId = (value: string): boolean => UUID.test(value);
