import type { Static, TObject } from '../events/payload-schema';
import { agentPerformanceWebhookSchema, agentStatusChangedWebhookSchema, agentWebhookSchema } from './agent-webhook.payloads';
import { callWebhookSchema } from './call-webhook.payloads';
import { campaignWebhookSchema } from './campaign-webhook.payloads';
import { appointmentScheduledWebhookSchema, leadGeneratedWebhookSchema } from './lead-webhook.payloads';
import { smsWebhookSchema } from './sms-webhook.payloads';
import type { WebhookEventKind } from './webhook-event-kinds';

/**
 * The schema of each kind's `data`, built from the properties of its source event's schema
 * (renamed where the spec names them otherwise), so a webhook field is never typed a second time.
 * Does not compile when a kind of WEBHOOK_EVENT_KINDS has none, or a schema has no kind.
 */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'call.started': callWebhookSchema,
  'call.ended': callWebhookSchema,
  'call.answered': callWebhookSchema,
  'call.transferred': callWebhookSchema,
  'agent.created': agentWebhookSchema,
  'agent.updated': agentWebhookSchema,
  'agent.status_changed': agentStatusChangedWebhookSchema,
  'agent.performance': agentPerformanceWebhookSchema,
  'campaign.started': campaignWebhookSchema,
  'campaign.completed': campaignWebhookSchema,
  'lead.generated': leadGeneratedWebhookSchema,
  'appointment.scheduled': appointmentScheduledWebhookSchema,
  'sms.sent': smsWebhookSchema,
  'sms.received': smsWebhookSchema,
  'sms.failed': smsWebhookSchema,
  'sms.replied': smsWebhookSchema,
} as const satisfies { readonly [K in WebhookEventKind]: TObject };

/** The `data` of each webhook kind, as its schema types it. */
export type WebhookPayloadMap = { [K in WebhookEventKind]: Static<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[K]> };

// Both directions: every kind has a payload, and no payload without a kind.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const WEBHOOK_PAYLOAD_MAP_COVERS_EVERY_KIND: Exactly<keyof typeof WEBHOOK_PAYLOAD_SCHEMAS, WebhookEventKind> = true;

export const WEBHOOK_ENVELOPE_VERSION = '1.0';

/**
 * The body of every webhook request, serialized once (JSON.stringify, keys in this order, no
 * spaces); the signature headers are over those exact bytes. `metadata.signature` cannot sign the
 * body that contains it: it is `sha256=` + hex HMAC-SHA256, with the webhook's (newest) secret,
 * over the body as serialized with `metadata: {"version":"1.0"}` only — the exact body bytes with
 * `,"signature":"sha256=…"` taken out. It does not depend on the delivery time, so the body is the
 * same bytes on every attempt. See docs/webhooks.md and apps/webhook-dispatch/src/signing.
 */
export interface WebhookEnvelope<K extends WebhookEventKind = WebhookEventKind> {
  event: K;
  /** ISO 8601 instant the event happened. */
  timestamp: string;
  /** The id of the webhook (the subscription) this delivery is for. */
  webhook_id: string;
  data: WebhookPayloadMap[K];
  metadata: { version: typeof WEBHOOK_ENVELOPE_VERSION; signature: `sha256=${string}` };
}
