import type { EventMap, EventType } from '../events/event-map';
import type { ConversationRepliedData } from '../events/messaging-conversation.events';
import type { AgentStatusChangedData } from '../events/platform-agent.events';
import type { AppointmentData } from '../events/platform-appointment.events';
import type { CallData } from '../events/platform-call.events';
import type { CampaignData } from '../events/platform-campaign.events';
import type { CrmContactCreatedData, CrmContactSnapshotData } from '../events/platform-crm-contact.events';
import {
  AGENT_WEBHOOK_FIELDS,
  agentPerformanceWebhookSchema,
  type AgentStatusChangedWebhookData,
} from './agent-webhook.payloads';
import { callWebhookSchema } from './call-webhook.payloads';
import { CAMPAIGN_WEBHOOK_FIELDS } from './campaign-webhook.payloads';
import type { AppointmentScheduledWebhookData, LeadGeneratedWebhookData } from './lead-webhook.payloads';
import type { WebhookEventKind } from './webhook-event-kinds';
import type { WebhookPayloadMap } from './webhook-payloads';
import { SMS_WEBHOOK_FIELDS, type SmsWebhookData } from './sms-webhook.payloads';
import { sameFields } from './webhook-fields';

/**
 * Whom an event is about, for a webhook limited to a list (decision 0036): it is delivered when
 * one of `listIds` is the webhook's list, or when one of the contacts — those named, and those of
 * the company with `phone` — is on the list when the event happens. `everyList`: the event is
 * about no contact and no list (an agent's), so a list does not narrow it.
 */
export interface WebhookAudience {
  everyList: boolean;
  /** Lists the event itself names: a campaign's list, the lists a lead was created on. */
  listIds: string[];
  /** CRM contacts the event is about. */
  contactIds: string[];
  /** A phone number the event is about, when it knows no CRM contact (messaging knows numbers). */
  phone: string | null;
}

const audience = (about: Partial<WebhookAudience>): WebhookAudience => ({
  everyList: false,
  listIds: [],
  contactIds: [],
  phone: null,
  ...about,
});

/** Messaging knows the contact's number, not the CRM contact: the contacts of the company with that number. */
const smsAudience = (message: { contact_phone: string }): WebhookAudience => audience({ phone: message.contact_phone });

/** A campaign is about the list it calls. */
const campaignAudience = (campaign: CampaignData): WebhookAudience => audience({ listIds: [campaign.list_id] });

/** An agent is nobody's contact and on no list. */
const everyList = (): WebhookAudience => audience({ everyList: true });

/** A call's contact; when the platform matched none, the other party's number (a web call has none). */
function callAudience(call: CallData): WebhookAudience {
  if (call.contact_id) return audience({ contactIds: [call.contact_id] });
  if (call.call_direction === 'web') return audience({});
  return audience({ phone: call.call_direction === 'inbound' ? call.caller_number : call.called_number });
}

/** Which webhook kind a domain event produces, how its payload becomes the webhook's `data`, and whom it is about. */
export interface WebhookKindSource<E extends EventType, K extends WebhookEventKind> {
  kind: K;
  data: (payload: EventMap[E]) => WebhookPayloadMap[K];
  audience: (payload: EventMap[E]) => WebhookAudience;
}

/** A message event as the spec's sms fields (from/to already say who wrote to whom). */
export const smsDataFromMessage = SMS_WEBHOOK_FIELDS.from;

/**
 * A reply is an inbound message: from the contact to our number (the event's `from_number` is the
 * workspace number written to). The event does not carry the channel, so `channel` is null.
 */
export function smsDataFromReply(reply: ConversationRepliedData): SmsWebhookData {
  return {
    message_id: reply.message_id,
    direction: 'inbound',
    channel: reply.channel ?? null,
    from_number: reply.contact_phone,
    to_number: reply.from_number,
    contact_phone: reply.contact_phone,
    body: reply.body,
    status: 'received',
    sent_at: null,
    ts: reply.received_at,
  };
}

/** A new CRM contact as the lead the webhook describes. */
export function leadDataFromContact(contact: CrmContactSnapshotData): LeadGeneratedWebhookData {
  const { first_name, last_name, phone, email, source, assigned_to, tags } = contact;
  const name = [first_name, last_name].filter(Boolean).join(' ');
  return {
    lead_id: contact.id,
    name,
    first_name,
    last_name,
    phone,
    email,
    source,
    assigned_to,
    tags,
    campaign_id: null,
    created_at: contact.created_at,
  };
}

/** A booked appointment; `duration` in whole minutes, `agent_id` the user it is booked with. */
export function appointmentDataFromAppointment(appointment: AppointmentData): AppointmentScheduledWebhookData {
  return {
    appointment_id: appointment.id,
    lead_id: appointment.contact_id,
    agent_id: appointment.assigned_to,
    title: appointment.title,
    scheduled_at: appointment.starts_at,
    duration: Math.round((Date.parse(appointment.ends_at) - Date.parse(appointment.starts_at)) / 60_000),
    status: appointment.status,
    created_at: appointment.booked_at,
  };
}

/** A call as the spec's call `data` fields, exactly (the record's other fields stay in the platform). */
export const callDataFromCall = sameFields(callWebhookSchema);

export const agentDataFromAgent = AGENT_WEBHOOK_FIELDS.from;

export function agentStatusDataFromAgent(agent: AgentStatusChangedData): AgentStatusChangedWebhookData {
  return { ...agentDataFromAgent(agent), previous_status: agent.previous_status };
}

export const agentPerformanceData = sameFields(agentPerformanceWebhookSchema);

export const campaignDataFromCampaign = CAMPAIGN_WEBHOOK_FIELDS.from;

/**
 * The one table: domain event type → webhook kind. The spec's `sms.sent` is "an SMS is delivered",
 * so it follows the delivery receipt (`message.delivered`), not the carrier's acceptance. Every
 * channel (iMessage, SMS, MMS) counts. A lead is a CRM contact created in the platform. The call,
 * agent and campaign kinds have platform events of the same names. `audience` says whom each is
 * about, for webhooks limited to a list: a campaign is about its list, an agent about nobody.
 */
export const WEBHOOK_KIND_SOURCES = {
  'message.delivered': { kind: 'sms.sent', data: smsDataFromMessage, audience: smsAudience },
  'message.failed': { kind: 'sms.failed', data: smsDataFromMessage, audience: smsAudience },
  'message.received': { kind: 'sms.received', data: smsDataFromMessage, audience: smsAudience },
  'conversation.replied': { kind: 'sms.replied', data: smsDataFromReply, audience: smsAudience },
  'crm_contact.created': {
    kind: 'lead.generated',
    data: leadDataFromContact,
    audience: (contact: CrmContactCreatedData) => audience({ contactIds: [contact.id], listIds: contact.list_ids ?? [] }),
  },
  'appointment.scheduled': {
    kind: 'appointment.scheduled',
    data: appointmentDataFromAppointment,
    audience: (appointment: AppointmentData) => audience({ contactIds: [appointment.contact_id] }),
  },
  'call.started': { kind: 'call.started', data: callDataFromCall, audience: callAudience },
  'call.answered': { kind: 'call.answered', data: callDataFromCall, audience: callAudience },
  'call.transferred': { kind: 'call.transferred', data: callDataFromCall, audience: callAudience },
  'call.ended': { kind: 'call.ended', data: callDataFromCall, audience: callAudience },
  'agent.created': { kind: 'agent.created', data: agentDataFromAgent, audience: everyList },
  'agent.updated': { kind: 'agent.updated', data: agentDataFromAgent, audience: everyList },
  'agent.status_changed': { kind: 'agent.status_changed', data: agentStatusDataFromAgent, audience: everyList },
  'agent.performance': { kind: 'agent.performance', data: agentPerformanceData, audience: everyList },
  'campaign.started': { kind: 'campaign.started', data: campaignDataFromCampaign, audience: campaignAudience },
  'campaign.completed': { kind: 'campaign.completed', data: campaignDataFromCampaign, audience: campaignAudience },
} as const satisfies { readonly [E in EventType]?: WebhookKindSource<E, WebhookEventKind> };

export type WebhookSourceEventType = keyof typeof WEBHOOK_KIND_SOURCES;

/** Non-empty, so a handler can subscribe with `@OnEvent(...WEBHOOK_SOURCE_EVENT_TYPES)`. */
export const WEBHOOK_SOURCE_EVENT_TYPES = Object.keys(WEBHOOK_KIND_SOURCES) as [
  WebhookSourceEventType,
  ...WebhookSourceEventType[],
];

export function isWebhookSourceEventType(type: string): type is WebhookSourceEventType {
  return Object.hasOwn(WEBHOOK_KIND_SOURCES, type);
}

/** The kind, `data` and audience a domain event becomes, or null when no webhook kind follows from it. */
export function webhookOfEvent<E extends EventType>(
  type: E,
  payload: EventMap[E],
): { kind: WebhookEventKind; data: WebhookPayloadMap[WebhookEventKind]; audience: WebhookAudience } | null {
  if (!isWebhookSourceEventType(type)) return null;
  const source = WEBHOOK_KIND_SOURCES[type] as WebhookKindSource<WebhookSourceEventType, WebhookEventKind>;
  const typed = payload as EventMap[WebhookSourceEventType];
  return { kind: source.kind, data: source.data(typed), audience: source.audience(typed) };
}
