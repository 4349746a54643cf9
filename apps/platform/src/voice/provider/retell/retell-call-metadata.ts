import type { CallContext } from '../voice-provider.port';

/**
 * What the platform puts in a Retell call's `metadata` (echoed on every webhook of the call and
 * searchable with list-calls): the context a callback needs, and the attempt's key — Retell has no
 * idempotency key, so a call whose answer was lost is found again by it (`findCall`).
 */
export interface RetellCallMetadata {
  attempt_key: string;
  company_id: string;
  contact_id: string | null;
  campaign_id: string | null;
  agent_id: string | null;
}

export function callMetadataOf(attemptKey: string, context: CallContext): RetellCallMetadata {
  return {
    attempt_key: attemptKey,
    company_id: context.companyId,
    contact_id: context.contactId,
    campaign_id: context.campaignId,
    agent_id: context.agentId,
  };
}

const DECIMAL_ID = /^[0-9]{1,19}$/;

const idOrNull = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? String(value)
    : typeof value === 'string' && DECIMAL_ID.test(value)
      ? value
      : null;

/**
 * The context a webhook's metadata carries. A call we did not place (an inbound call to one of our
 * numbers) has none of ours: its company is '' and the call lifecycle finds it by our number.
 */
export function contextOfMetadata(metadata: unknown): CallContext {
  const fields = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {};
  return {
    companyId: idOrNull(fields.company_id) ?? '',
    contactId: idOrNull(fields.contact_id),
    campaignId: idOrNull(fields.campaign_id),
    agentId: idOrNull(fields.agent_id),
  };
}

/** The attempt key a call's metadata carries, when it is one of ours. */
export function attemptKeyOf(metadata: unknown): string | null {
  const key = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>).attempt_key : undefined;
  return typeof key === 'string' ? key : null;
}
