import { payloadSchema } from './payload-schema';

/** Payloads on `auth.credential.v1`. Subject: the credential id (or grant / client id). */
export interface CredentialIssuedData {
  credential_id: string;
  kind: 'personal_access_token' | 'api_key';
  company_id: string;
  /** The owning user for a personal access token; null for a workspace API key. */
  user_id: string | null;
  name: string;
  /** Hex SHA-256 of the secret; the secret itself never leaves auth. */
  digest: string;
  scopes: string[];
  expires_at: string | null;
  created_at: string;
}

export interface CredentialRevokedData {
  credential_id: string;
  kind: 'personal_access_token' | 'api_key';
  company_id: string;
  revoked_at: string;
}

/** Every access token of this grant (OAuth authorization) is void from now on. */
export interface GrantRevokedData {
  grant_id: string;
  client_id: string;
  user_id: string;
  company_id: string;
  /** Why: `code_replay`, `refresh_token_reuse`, `client_deleted`, `user_revoked`. */
  reason: string;
  revoked_at: string;
}

const id = { type: 'string', maxLength: 64 } as const;
const kind = { type: 'string', enum: ['personal_access_token', 'api_key'] } as const;
const companyId = { type: 'string', pattern: '^[0-9]+$' } as const;
const instant = { type: 'string', format: 'date-time' } as const;

export const credentialIssuedSchema = payloadSchema<CredentialIssuedData>({
  properties: {
    credential_id: id,
    kind,
    company_id: companyId,
    user_id: { type: ['string', 'null'], pattern: '^[0-9]+$' },
    name: { type: 'string', maxLength: 255 },
    digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    scopes: { type: 'array', items: { type: 'string', maxLength: 64 } },
    expires_at: { type: ['string', 'null'], description: 'ISO 8601 instant, or null for never' },
    created_at: instant,
  },
  required: ['credential_id', 'kind', 'company_id', 'user_id', 'name', 'digest', 'scopes', 'expires_at', 'created_at'],
});

export const credentialRevokedSchema = payloadSchema<CredentialRevokedData>({
  properties: { credential_id: id, kind, company_id: companyId, revoked_at: instant },
  required: ['credential_id', 'kind', 'company_id', 'revoked_at'],
});

export const grantRevokedSchema = payloadSchema<GrantRevokedData>({
  properties: {
    grant_id: id,
    client_id: id,
    user_id: { type: 'string', pattern: '^[0-9]+$' },
    company_id: companyId,
    reason: { type: 'string', enum: ['code_replay', 'refresh_token_reuse', 'client_deleted', 'user_revoked'] },
    revoked_at: instant,
  },
  required: ['grant_id', 'client_id', 'user_id', 'company_id', 'reason', 'revoked_at'],
});
