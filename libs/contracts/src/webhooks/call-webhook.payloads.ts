import { type Static, Type } from '../events/payload-schema';
import { callSchema } from '../events/platform-call.events';

/**
 * `data` of `call.started`, `call.answered`, `call.transferred` and `call.ended`: the spec's call
 * fields, exactly — the platform's `call.*` event (callSchema, whose comments say what each holds)
 * without the record's own fields; WEBHOOK_KIND_SOURCES maps them.
 */
export const callWebhookSchema = Type.Pick(callSchema, [
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
export type CallWebhookData = Static<typeof callWebhookSchema>;

export type CallWebhookKind = 'call.started' | 'call.ended' | 'call.answered' | 'call.transferred';
