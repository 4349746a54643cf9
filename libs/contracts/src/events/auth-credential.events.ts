import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

/** Payloads on `auth.credential.v1`. Subject: the credential id (or grant / client id). */
const id = Type.String({ maxLength: 64 });
const kind = stringEnum(['personal_access_token', 'api_key']);
const companyId = numericId;

export const credentialIssuedSchema = payload({
  credential_id: id,
  kind,
  company_id: companyId,
  /** The owning user for a personal access token; null for a workspace API key. */
  user_id: nullable(numericId),
  name: Type.String({ maxLength: 255 }),
  /** Hex SHA-256 of the secret; the secret itself never leaves auth. */
  digest: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  scopes: Type.Array(Type.String({ maxLength: 64 })),
  expires_at: nullable(Type.String({ description: 'ISO 8601 instant, or null for never' })),
  created_at: instant,
});
export type CredentialIssuedData = Static<typeof credentialIssuedSchema>;

export const credentialRevokedSchema = payload({ credential_id: id, kind, company_id: companyId, revoked_at: instant });
export type CredentialRevokedData = Static<typeof credentialRevokedSchema>;

/** Every access token of this grant (OAuth authorization) is void from now on. */
export const grantRevokedSchema = payload({
  grant_id: id,
  client_id: id,
  user_id: numericId,
  company_id: companyId,
  reason: stringEnum(['code_replay', 'refresh_token_reuse', 'client_deleted', 'user_revoked']),
  revoked_at: instant,
});
export type GrantRevokedData = Static<typeof grantRevokedSchema>;

export const AUTH_CREDENTIAL_EVENTS = [
  defineEvent(
    'credential.issued',
    Topics.authCredential,
    credentialIssuedSchema,
    'A personal access token or workspace API key was created (digest only).',
  ),
  defineEvent(
    'credential.revoked',
    Topics.authCredential,
    credentialRevokedSchema,
    'A personal access token or workspace API key was revoked.',
  ),
  defineEvent(
    'grant.revoked',
    Topics.authCredential,
    grantRevokedSchema,
    'An OAuth grant was revoked; every access token issued from it is void.',
  ),
] as const;
