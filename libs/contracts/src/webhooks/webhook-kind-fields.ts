import type { WebhookEventKind } from './webhook-event-kinds';
import type { WebhookPayloadMap } from './webhook-payloads';

/** Every key of a payload, each once: a key left out or one the payload does not have does not compile. */
type EveryKey<T> = { readonly [K in keyof Required<T>]: true };
const keysOf = <T>(keys: EveryKey<T>): readonly string[] => Object.keys(keys);

const CALL = keysOf<WebhookPayloadMap['call.started']>({
  call_id: true,
  agent_id: true,
  caller_number: true,
  called_number: true,
  call_duration: true,
  call_status: true,
  call_direction: true,
  recording_url: true,
  transcription: true,
  sentiment: true,
  disposition: true,
  tags: true,
  custom_fields: true,
});

const AGENT_KEYS: EveryKey<WebhookPayloadMap['agent.created']> = {
  agent_id: true,
  name: true,
  voice: true,
  active: true,
  status: true,
  inbound_number_id: true,
  outbound_number_id: true,
  updated_at: true,
};
const AGENT = keysOf(AGENT_KEYS);

const SMS = keysOf<WebhookPayloadMap['sms.sent']>({
  message_id: true,
  direction: true,
  channel: true,
  from_number: true,
  to_number: true,
  contact_phone: true,
  body: true,
  status: true,
  sent_at: true,
  ts: true,
});

const CAMPAIGN = keysOf<WebhookPayloadMap['campaign.started']>({
  campaign_id: true,
  name: true,
  status: true,
  list_id: true,
  agent_id: true,
  started_at: true,
  completed_at: true,
  total_contacts: true,
  done_contacts: true,
});

/**
 * The keys of each kind's `data`: what a webhook's `fields` may name (docs/webhooks.md). A
 * webhook with `fields` gets only those of them its event's kind has; the envelope stays whole.
 */
export const WEBHOOK_KIND_FIELDS: { readonly [K in WebhookEventKind]: readonly string[] } = {
  'call.started': CALL,
  'call.ended': CALL,
  'call.answered': CALL,
  'call.transferred': CALL,
  'agent.created': AGENT,
  'agent.updated': AGENT,
  'agent.status_changed': keysOf<WebhookPayloadMap['agent.status_changed']>({ ...AGENT_KEYS, previous_status: true }),
  'agent.performance': keysOf<WebhookPayloadMap['agent.performance']>({
    agent_id: true,
    name: true,
    state: true,
    success_rate: true,
    min_success_rate: true,
    window: true,
    calls_considered: true,
    successful_calls: true,
    call_id: true,
    at: true,
  }),
  'campaign.started': CAMPAIGN,
  'campaign.completed': CAMPAIGN,
  'lead.generated': keysOf<WebhookPayloadMap['lead.generated']>({
    lead_id: true,
    name: true,
    first_name: true,
    last_name: true,
    phone: true,
    email: true,
    source: true,
    assigned_to: true,
    tags: true,
    campaign_id: true,
    created_at: true,
  }),
  'appointment.scheduled': keysOf<WebhookPayloadMap['appointment.scheduled']>({
    appointment_id: true,
    lead_id: true,
    agent_id: true,
    title: true,
    scheduled_at: true,
    duration: true,
    status: true,
    created_at: true,
  }),
  'sms.sent': SMS,
  'sms.received': SMS,
  'sms.failed': SMS,
  'sms.replied': SMS,
};

/** The names in `fields` that none of `kinds` has, in the order given, each once. */
export function fieldsNoKindHas(fields: readonly string[], kinds: readonly WebhookEventKind[]): string[] {
  const known = new Set(kinds.flatMap((kind) => WEBHOOK_KIND_FIELDS[kind]));
  return [...new Set(fields.filter((field) => !known.has(field)))];
}
