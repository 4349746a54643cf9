import type { ConversationRepliedData } from '../events/messaging-conversation.events';
import type { MessageEventData } from '../events/messaging-message.events';
import type { CallData } from '../events/platform-call.events';
import { validatePayload } from '../events/validate-payload';
import { EVENT_DEFINITIONS } from '../events/event-map';
import { onlineAgent, ringingCall } from './webhook-samples';
import { WEBHOOK_EVENT_KINDS } from './webhook-event-kinds';
import { WEBHOOK_PAYLOAD_SCHEMAS } from './webhook-payloads';
import { smsDataFromReply, WEBHOOK_KIND_SOURCES, WEBHOOK_SOURCE_EVENT_TYPES, webhookOfEvent } from './webhook-kind-sources';

const SMS_FIELDS = [
  'message_id',
  'direction',
  'channel',
  'from_number',
  'to_number',
  'contact_phone',
  'body',
  'status',
  'sent_at',
  'ts',
];

const outbound: MessageEventData = {
  message_id: '0b9d4a52-8a3e-4c47-9a7b-1f6a2d9c0e11',
  company_id: '42',
  direction: 'outbound',
  channel: 'imessage',
  status: 'delivered',
  from_number: '+14155550100',
  to: '+14155550199',
  contact_phone: '+14155550199',
  body: 'Your table is ready',
  sender: 'human',
  attachments: [],
  effect: 'confetti',
  sent_at: '2026-11-24T07:00:01.000Z',
  created_at: '2026-11-24T07:00:00.000Z',
  ts: '2026-11-24T07:00:03.000Z',
  reason: null,
};

const inbound: MessageEventData = {
  ...outbound,
  message_id: '5f1c7e1a-3d2b-4e8f-a0c9-7b6d5e4f3a21',
  direction: 'inbound',
  channel: 'sms',
  status: 'received',
  from_number: '+14155550199',
  to: '+14155550100',
  body: 'Thanks!',
  sender: null,
  effect: null,
  sent_at: null,
  ts: '2026-11-24T07:05:00.000Z',
};

const reply: ConversationRepliedData = {
  company_id: '42',
  contact_phone: '+14155550199',
  from_number: '+14155550100',
  message_id: inbound.message_id,
  replied_to_message_id: outbound.message_id,
  body: 'Thanks!',
  channel: inbound.channel,
  received_at: '2026-11-24T07:05:00.000Z',
};

describe('webhook kind sources', () => {
  it('map domain events that exist to kinds that exist', () => {
    for (const type of WEBHOOK_SOURCE_EVENT_TYPES) {
      expect(EVENT_DEFINITIONS[type]).toBeDefined();
      expect(WEBHOOK_EVENT_KINDS).toContain(WEBHOOK_KIND_SOURCES[type].kind);
    }
    expect(Object.fromEntries(WEBHOOK_SOURCE_EVENT_TYPES.map((type) => [type, WEBHOOK_KIND_SOURCES[type].kind]))).toEqual({
      'message.delivered': 'sms.sent',
      'message.failed': 'sms.failed',
      'message.received': 'sms.received',
      'conversation.replied': 'sms.replied',
      'crm_contact.created': 'lead.generated',
      'appointment.scheduled': 'appointment.scheduled',
      'call.started': 'call.started',
      'call.answered': 'call.answered',
      'call.transferred': 'call.transferred',
      'call.ended': 'call.ended',
      'agent.created': 'agent.created',
      'agent.updated': 'agent.updated',
      'agent.status_changed': 'agent.status_changed',
      'agent.performance': 'agent.performance',
      'campaign.started': 'campaign.started',
      'campaign.completed': 'campaign.completed',
    });
  });

  it("make a call event the spec's call data fields, exactly", () => {
    const call: CallData = {
      call_id: 'sbx_call_1',
      company_id: '42',
      agent_id: '7',
      caller_number: '+12125550100',
      called_number: '+12125550142',
      call_duration: 95,
      call_status: 'completed',
      call_direction: 'outbound',
      recording_url: 'https://recordings.example/1.mp3',
      transcription: 'Hello',
      sentiment: 'Positive',
      disposition: 'interested',
      tags: ['hot'],
      custom_fields: { budget: 1000 },
      call_successful: true,
      hangup_reason: 'user_hangup',
      contact_id: '9',
      campaign_id: null,
      started_at: '2026-11-24T07:00:00.000Z',
      answered_at: '2026-11-24T07:00:05.000Z',
      ended_at: '2026-11-24T07:01:40.000Z',
    };
    expect(validatePayload(EVENT_DEFINITIONS['call.ended'].schema, call)).toEqual([]);
    expect(Object.keys(webhookOfEvent('call.ended', call)?.data ?? {})).toEqual([
      'call_id',
      'agent_id',
      'caller_number',
      'called_number',
      'call_duration',
      'call_status',
      'call_direction',
      'recording_url',
      'transcription',
      'sentiment',
      'disposition',
      'tags',
      'custom_fields',
    ]);
    expect(webhookOfEvent('call.ended', call)?.data).toMatchObject({ call_id: 'sbx_call_1', call_duration: 95, tags: ['hot'] });
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['call.ended'], webhookOfEvent('call.ended', call)!.data)).toEqual([]);
  });

  it('use real payloads (the examples pass the contracts)', () => {
    expect(validatePayload(EVENT_DEFINITIONS['message.delivered'].schema, outbound)).toEqual([]);
    expect(validatePayload(EVENT_DEFINITIONS['message.received'].schema, inbound)).toEqual([]);
    expect(validatePayload(EVENT_DEFINITIONS['conversation.replied'].schema, reply)).toEqual([]);
  });

  it('make a delivered outbound iMessage an sms.sent from our number to the contact', () => {
    expect(webhookOfEvent('message.delivered', outbound)).toEqual({
      kind: 'sms.sent',
      data: {
        message_id: outbound.message_id,
        direction: 'outbound',
        channel: 'imessage',
        from_number: '+14155550100',
        to_number: '+14155550199',
        contact_phone: '+14155550199',
        body: 'Your table is ready',
        status: 'delivered',
        sent_at: '2026-11-24T07:00:01.000Z',
        ts: '2026-11-24T07:00:03.000Z',
      },
      audience: { everyList: false, listIds: [], contactIds: [], phone: '+14155550199' },
    });
  });

  it('make a failed MMS an sms.failed', () => {
    const failed = { ...outbound, channel: 'mms' as const, status: 'failed' as const, reason: '30007' };
    expect(webhookOfEvent('message.failed', failed)).toMatchObject({
      kind: 'sms.failed',
      data: { channel: 'mms', status: 'failed' },
    });
  });

  it('make an inbound message an sms.received from the contact to our number', () => {
    expect(webhookOfEvent('message.received', inbound)?.data).toEqual({
      message_id: inbound.message_id,
      direction: 'inbound',
      channel: 'sms',
      from_number: '+14155550199',
      to_number: '+14155550100',
      contact_phone: '+14155550199',
      body: 'Thanks!',
      status: 'received',
      sent_at: null,
      ts: '2026-11-24T07:05:00.000Z',
    });
  });

  it('make a reply an sms.replied with the same addresses as the sms.received of its message', () => {
    const replied = webhookOfEvent('conversation.replied', reply)!;
    const received = webhookOfEvent('message.received', inbound)!;
    expect(replied.kind).toBe('sms.replied');
    expect(replied.data).toEqual(received.data);
  });

  it('leave the channel of a reply unknown (null) when its event predates the field', () => {
    const { channel: _omitted, ...older } = reply;
    expect(validatePayload(EVENT_DEFINITIONS['conversation.replied'].schema, older)).toEqual([]);
    expect(smsDataFromReply(older).channel).toBeNull();
  });

  it('carry exactly the sms fields, nothing of the domain (company, sender, reason)', () => {
    for (const data of [webhookOfEvent('message.delivered', outbound)!.data, webhookOfEvent('conversation.replied', reply)!.data])
      expect(Object.keys(data).sort()).toEqual([...SMS_FIELDS].sort());
  });

  it('say whom each event is about, for webhooks limited to a list (decision 0036)', () => {
    const call = ringingCall;
    const about = (over: object) => ({ everyList: false, listIds: [], contactIds: [], phone: null, ...over });
    expect(webhookOfEvent('call.started', call({ contact_id: '9' }))?.audience).toEqual(about({ contactIds: ['9'] }));
    expect(webhookOfEvent('call.started', call({}))?.audience).toEqual(about({ phone: '+12125550142' }));
    expect(webhookOfEvent('call.started', call({ call_direction: 'inbound' }))?.audience).toEqual(
      about({ phone: '+12125550100' }),
    );
    expect(webhookOfEvent('call.started', call({ call_direction: 'web' }))?.audience).toEqual(about({}));
    expect(webhookOfEvent('conversation.replied', reply)?.audience).toEqual(about({ phone: '+14155550199' }));
    const lead = {
      id: '991',
      company_id: '42',
      first_name: 'Grace',
      last_name: null,
      phone: null,
      email: null,
      source: null,
      assigned_to: null,
      tags: [],
      custom_fields: {},
      created_at: '2026-11-24T07:00:00.000Z',
      updated_at: '2026-11-24T07:00:00.000Z',
      changed_by: null,
    };
    expect(webhookOfEvent('crm_contact.created', { ...lead, list_ids: ['8', '9'] })?.audience).toEqual(
      about({ contactIds: ['991'], listIds: ['8', '9'] }),
    );
    // Written before list_ids existed: on no list.
    expect(validatePayload(EVENT_DEFINITIONS['crm_contact.created'].schema, lead)).toEqual([]);
    expect(webhookOfEvent('crm_contact.created', lead)?.audience).toEqual(about({ contactIds: ['991'] }));
    const agent = onlineAgent();
    expect(webhookOfEvent('agent.created', agent)?.audience).toEqual(about({ everyList: true }));
    // What they become is what their kinds' schemas (built from the events' own) describe.
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['lead.generated'], webhookOfEvent('crm_contact.created', lead)!.data)).toEqual(
      [],
    );
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['agent.created'], webhookOfEvent('agent.created', agent)!.data)).toEqual([]);
    const statusChanged = webhookOfEvent('agent.status_changed', { ...agent, previous_status: 'offline' })!.data;
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['agent.status_changed'], statusChanged)).toEqual([]);
  });

  it('make data its kind’s schema describes, a schema built from the source event’s (sms, appointment, campaign)', () => {
    const { channel: _omitted, ...older } = reply;
    for (const [type, payload] of [
      ['message.delivered', outbound],
      ['message.received', inbound],
      ['conversation.replied', reply],
      ['conversation.replied', older],
    ] as const) {
      const webhook = webhookOfEvent(type, payload)!;
      expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS[webhook.kind], webhook.data)).toEqual([]);
    }
    const appointment = {
      id: '5',
      company_id: '42',
      contact_id: '991',
      title: 'Demo',
      starts_at: '2026-11-24T09:00:00.000Z',
      ends_at: '2026-11-24T09:30:00.000Z',
      assigned_to: null,
      status: 'scheduled' as const,
      booked_at: '2026-11-24T07:00:00.000Z',
      cancelled_at: null,
      changed_by: '3',
    };
    expect(validatePayload(EVENT_DEFINITIONS['appointment.scheduled'].schema, appointment)).toEqual([]);
    const booked = webhookOfEvent('appointment.scheduled', appointment)!;
    expect(booked.data).toMatchObject({ appointment_id: '5', lead_id: '991', duration: 30 });
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['appointment.scheduled'], booked.data)).toEqual([]);
    const campaign = {
      id: '7',
      company_id: '42',
      name: 'Winter',
      status: 'running' as const,
      list_id: '8',
      agent_id: '12',
      caller_number: null,
      total_contacts: 3,
      done_contacts: 0,
      started_at: '2026-11-24T07:00:00.000Z',
      completed_at: null,
      changed_by: '3',
    };
    expect(validatePayload(EVENT_DEFINITIONS['campaign.started'].schema, campaign)).toEqual([]);
    const started = webhookOfEvent('campaign.started', campaign)!;
    expect(validatePayload(WEBHOOK_PAYLOAD_SCHEMAS['campaign.started'], started.data)).toEqual([]);
  });

  it('give no webhook for events that feed none (queued, sent, cancelled, other apps)', () => {
    expect(webhookOfEvent('message.queued', { ...outbound, status: 'queued' })).toBeNull();
    expect(webhookOfEvent('message.sent', { ...outbound, status: 'sent' })).toBeNull();
    expect(webhookOfEvent('company.renamed', { id: '1', name: 'New', previous_name: 'Old' })).toBeNull();
  });
});
