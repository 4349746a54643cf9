import { defineEvent } from './define-event';
import { payload, stringEnum, Type, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payload on `authz.credential_usage.v1`. Subject: the credential id. Published by every app
 * (through libs/authz) when a personal access token or workspace API key passes its check, at
 * most once per credential per app process per minute; auth keeps the latest as `last_used_at`.
 */
export const credentialUsedSchema = payload({
  credential_id: Type.String({ maxLength: 64 }),
  kind: stringEnum(['personal_access_token', 'api_key']),
  company_id: numericId,
  /** When the app accepted the credential (its clock); consumers keep the greatest. */
  used_at: instant,
  /** The app that accepted it (`messaging`, `auth`, `platform`, `webhook-dispatch`). */
  app: Type.String({ maxLength: 64, description: 'the app that accepted the credential' }),
});
export type CredentialUsedData = Static<typeof credentialUsedSchema>;

export const AUTHZ_CREDENTIAL_USAGE_EVENTS = [
  defineEvent(
    'credential.used',
    Topics.authzCredentialUsage,
    credentialUsedSchema,
    'An app accepted a personal access token or workspace API key (at most once a minute per credential and app process).',
  ),
] as const;
