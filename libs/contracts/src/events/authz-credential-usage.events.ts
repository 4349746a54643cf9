import { payloadSchema } from './payload-schema';

/**
 * Payload on `authz.credential_usage.v1`. Subject: the credential id. Published by every app
 * (through libs/authz) when a personal access token or workspace API key passes its check, at
 * most once per credential per app process per minute; auth keeps the latest as `last_used_at`.
 */
export interface CredentialUsedData {
  credential_id: string;
  kind: 'personal_access_token' | 'api_key';
  company_id: string;
  /** When the app accepted the credential (its clock); consumers keep the greatest. */
  used_at: string;
  /** The app that accepted it (`messaging`, `auth`, `platform`, `webhook-dispatch`). */
  app: string;
}

export const credentialUsedSchema = payloadSchema<CredentialUsedData>({
  properties: {
    credential_id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', enum: ['personal_access_token', 'api_key'] },
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    used_at: { type: 'string', format: 'date-time' },
    app: { type: 'string', maxLength: 64, description: 'the app that accepted the credential' },
  },
  required: ['credential_id', 'kind', 'company_id', 'used_at', 'app'],
});
