import type { AgentSnapshotData } from '../events/platform-agent.events';
import type { CallData } from '../events/platform-call.events';

/**
 * Sample event payloads for specs and fakes. The contracts spec, webhook-dispatch's filter spec and
 * the platform's recording provider each wrote the same call (and agent) out field by field; here
 * each is once, and a payload field added to an event's schema is added here alone.
 */

/** The fields of a call nothing was recorded, transcribed or judged of (a fresh object each time). */
export const unanalysedCall = (): Pick<
  CallData,
  'recording_url' | 'transcription' | 'sentiment' | 'disposition' | 'tags' | 'custom_fields'
> => ({
  recording_url: null,
  transcription: null,
  sentiment: null,
  disposition: null,
  tags: [],
  custom_fields: {},
});

/** An outbound sandbox call that has just started ringing, with `change` over it. */
export const ringingCall = (change: Partial<CallData> = {}): CallData => ({
  call_id: 'sbx_call_1',
  company_id: '42',
  agent_id: null,
  caller_number: '+12125550100',
  called_number: '+12125550142',
  call_duration: 0,
  call_status: 'ringing',
  call_direction: 'outbound',
  ...unanalysedCall(),
  call_successful: null,
  hangup_reason: null,
  contact_id: null,
  campaign_id: null,
  started_at: '2026-11-24T07:00:00.000Z',
  answered_at: null,
  ended_at: null,
  ...change,
});

/** A new online agent with no numbers and no performance threshold, with `change` over it. */
export const onlineAgent = (change: Partial<AgentSnapshotData> = {}): AgentSnapshotData => ({
  id: '12',
  company_id: '42',
  name: 'Ava',
  voice: null,
  active: true,
  status: 'online',
  inbound_number_id: null,
  outbound_number_id: null,
  min_success_rate: null,
  performance_window: null,
  updated_at: '2026-11-24T07:00:00.000Z',
  changed_by: null,
  ...change,
});
