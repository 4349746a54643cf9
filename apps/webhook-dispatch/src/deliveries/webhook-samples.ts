import type { WebhookEventKind, WebhookPayloadMap } from '@suite/contracts';

const call = (
  status: WebhookPayloadMap['call.started']['call_status'],
  answered: boolean,
): WebhookPayloadMap['call.started'] => ({
  call_id: '00000000-0000-4000-8000-000000000001',
  agent_id: answered ? '00000000-0000-4000-8000-000000000002' : null,
  caller_number: '+15555550100',
  called_number: '+15555550199',
  call_duration: status === 'completed' ? 125 : 0,
  call_status: status,
  call_direction: 'inbound',
  recording_url: null,
  transcription: null,
  sentiment: null,
  disposition: null,
  tags: ['sample'],
  custom_fields: {},
});

const agent: WebhookPayloadMap['agent.created'] = {
  agent_id: '00000000-0000-4000-8000-000000000002',
  name: 'Sample Agent',
  voice: 'alloy',
  active: true,
  status: 'online',
  inbound_number_id: '00000000-0000-4000-8000-000000000006',
  outbound_number_id: null,
  updated_at: '2026-01-01T12:00:00.000Z',
};

const campaign = (completed: boolean): WebhookPayloadMap['campaign.started'] => ({
  campaign_id: '00000000-0000-4000-8000-000000000003',
  name: 'Sample campaign',
  status: completed ? 'completed' : 'running',
  list_id: '00000000-0000-4000-8000-000000000007',
  agent_id: '00000000-0000-4000-8000-000000000002',
  started_at: '2026-01-01T09:00:00.000Z',
  completed_at: completed ? '2026-01-01T17:00:00.000Z' : null,
  total_contacts: 250,
  done_contacts: completed ? 250 : 0,
});

const sms = (inbound: boolean, status: WebhookPayloadMap['sms.sent']['status']): WebhookPayloadMap['sms.sent'] => ({
  message_id: '00000000-0000-4000-8000-000000000005',
  direction: inbound ? 'inbound' : 'outbound',
  channel: 'sms',
  from_number: inbound ? '+15555550199' : '+15555550100',
  to_number: inbound ? '+15555550100' : '+15555550199',
  contact_phone: '+15555550199',
  body: 'This is a sample message.',
  status,
  sent_at: inbound ? null : '2026-01-01T12:00:00.000Z',
  ts: '2026-01-01T12:00:01.000Z',
});

/**
 * The fixed `data` of each kind that `POST /api/webhooks/{id}/test` sends (docs/webhooks.md): the
 * kind's payload shape with made-up ids and the 555 numbers, the same on every test.
 */
export const WEBHOOK_SAMPLE_DATA: { readonly [K in WebhookEventKind]: WebhookPayloadMap[K] } = {
  'call.started': call('ringing', false),
  'call.answered': call('in_progress', true),
  'call.transferred': call('transferred', true),
  'call.ended': call('completed', true),
  'agent.created': agent,
  'agent.updated': agent,
  'agent.status_changed': { ...agent, previous_status: 'offline' },
  'agent.performance': {
    agent_id: agent.agent_id,
    name: agent.name,
    state: 'below_threshold',
    success_rate: 0.55,
    min_success_rate: 0.6,
    window: 20,
    calls_considered: 20,
    successful_calls: 11,
    call_id: '00000000-0000-4000-8000-000000000001',
    at: '2026-01-01T12:00:00.000Z',
  },
  'campaign.started': campaign(false),
  'campaign.completed': campaign(true),
  'lead.generated': {
    lead_id: '00000000-0000-4000-8000-000000000004',
    name: 'Sample Lead',
    first_name: 'Sample',
    last_name: 'Lead',
    phone: '+15555550199',
    email: 'lead@example.com',
    source: 'facebook',
    assigned_to: null,
    tags: ['sample'],
    campaign_id: '00000000-0000-4000-8000-000000000003',
    created_at: '2026-01-01T12:00:00.000Z',
  },
  'appointment.scheduled': {
    appointment_id: '00000000-0000-4000-8000-000000000006',
    lead_id: '00000000-0000-4000-8000-000000000004',
    agent_id: agent.agent_id,
    title: 'Sample consultation',
    scheduled_at: '2026-01-05T15:00:00.000Z',
    duration: 30,
    status: 'scheduled',
    created_at: '2026-01-01T12:00:00.000Z',
  },
  'sms.sent': sms(false, 'delivered'),
  'sms.received': sms(true, 'received'),
  'sms.failed': sms(false, 'failed'),
  'sms.replied': sms(true, 'received'),
};
