import type { AgentPerformanceWebhookData, AgentStatusChangedWebhookData, AgentWebhookData } from './agent-webhook.payloads';
import type { CallWebhookData } from './call-webhook.payloads';
import type { CampaignWebhookData } from './campaign-webhook.payloads';
import type { AppointmentScheduledWebhookData, LeadGeneratedWebhookData } from './lead-webhook.payloads';
import type { SmsWebhookData } from './sms-webhook.payloads';
import type { WebhookEventKind } from './webhook-event-kinds';

/** The `data` of each webhook kind; does not compile when a kind of WEBHOOK_EVENT_KINDS has none. */
export interface WebhookPayloadMap {
  'call.started': CallWebhookData;
  'call.ended': CallWebhookData;
  'call.answered': CallWebhookData;
  'call.transferred': CallWebhookData;
  'agent.created': AgentWebhookData;
  'agent.updated': AgentWebhookData;
  'agent.status_changed': AgentStatusChangedWebhookData;
  'agent.performance': AgentPerformanceWebhookData;
  'campaign.started': CampaignWebhookData;
  'campaign.completed': CampaignWebhookData;
  'lead.generated': LeadGeneratedWebhookData;
  'appointment.scheduled': AppointmentScheduledWebhookData;
  'sms.sent': SmsWebhookData;
  'sms.received': SmsWebhookData;
  'sms.failed': SmsWebhookData;
  'sms.replied': SmsWebhookData;
}

// Both directions: every kind has a payload, and no payload without a kind.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const WEBHOOK_PAYLOAD_MAP_COVERS_EVERY_KIND: Exactly<keyof WebhookPayloadMap, WebhookEventKind> = true;

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
