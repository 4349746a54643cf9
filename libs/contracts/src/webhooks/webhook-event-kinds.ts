/**
 * The event kinds a webhook can subscribe to: the spec's "Events" table, every name contract. The
 * management API refuses anything else (400); the payload of each kind is typed beside it, and
 * which domain event produces which kind is one table (webhook-kind-sources).
 */
export const WEBHOOK_EVENT_KINDS = [
  'call.started',
  'call.ended',
  'call.answered',
  'call.transferred',
  'agent.created',
  'agent.updated',
  'agent.status_changed',
  'agent.performance',
  'campaign.started',
  'campaign.completed',
  'lead.generated',
  'appointment.scheduled',
  'sms.sent',
  'sms.received',
  'sms.failed',
  'sms.replied',
] as const;

export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(WEBHOOK_EVENT_KINDS);

export function isWebhookEventKind(value: unknown): value is WebhookEventKind {
  return typeof value === 'string' && KINDS.has(value);
}
