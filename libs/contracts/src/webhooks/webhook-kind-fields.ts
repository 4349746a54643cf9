import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from './webhook-event-kinds';
import { WEBHOOK_PAYLOAD_SCHEMAS } from './webhook-payloads';

/**
 * The keys of each kind's `data`: what a webhook's `fields` may name (docs/webhooks.md). A
 * webhook with `fields` gets only those of them its event's kind has; the envelope stays whole.
 * Read off the kind's schema, in its order.
 */
export const WEBHOOK_KIND_FIELDS: { readonly [K in WebhookEventKind]: readonly string[] } = WEBHOOK_EVENT_KINDS.reduce(
  (fields, kind) => ({ ...fields, [kind]: Object.keys(WEBHOOK_PAYLOAD_SCHEMAS[kind].properties) }),
  {} as { [K in WebhookEventKind]: readonly string[] },
);

/** The names in `fields` that none of `kinds` has, in the order given, each once. */
export function fieldsNoKindHas(fields: readonly string[], kinds: readonly WebhookEventKind[]): string[] {
  const known = new Set(kinds.flatMap((kind) => WEBHOOK_KIND_FIELDS[kind]));
  return [...new Set(fields.filter((field) => !known.has(field)))];
}
