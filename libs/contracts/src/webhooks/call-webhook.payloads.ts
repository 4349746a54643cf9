import type { CallData } from '../events/platform-call.events';

/**
 * `data` of `call.started`, `call.answered`, `call.transferred` and `call.ended`: the spec's call
 * fields, exactly — the platform's `call.*` event (CallData, whose comments say what each holds)
 * without the record's own fields; WEBHOOK_KIND_SOURCES maps them.
 */
export type CallWebhookData = Pick<
  CallData,
  | 'call_id'
  | 'agent_id'
  | 'caller_number'
  | 'called_number'
  | 'call_duration'
  | 'call_status'
  | 'call_direction'
  | 'recording_url'
  | 'transcription'
  | 'sentiment'
  | 'disposition'
  | 'tags'
  | 'custom_fields'
>;

export type CallWebhookKind = 'call.started' | 'call.ended' | 'call.answered' | 'call.transferred';
