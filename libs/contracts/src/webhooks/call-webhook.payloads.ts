import type { CallDirection, CallSentiment, CallStatus } from '../events/platform-call.events';

/**
 * `data` of `call.started`, `call.answered`, `call.transferred` and `call.ended`: the spec's call
 * fields, exactly (from the platform's `call.*` events; WEBHOOK_KIND_SOURCES maps them).
 */
export interface CallWebhookData {
  /** The provider's call id. */
  call_id: string;
  /** The AI agent on the call; null when no agent took it (a dialer call with a caller number). */
  agent_id: string | null;
  caller_number: string;
  called_number: string;
  /** Whole seconds connected; 0 until the call ends, and for a call never answered. */
  call_duration: number;
  call_status: CallStatus;
  call_direction: CallDirection;
  recording_url: string | null;
  transcription: string | null;
  sentiment: CallSentiment | null;
  disposition: string | null;
  tags: string[];
  custom_fields: Record<string, unknown>;
}

export type CallWebhookKind = 'call.started' | 'call.ended' | 'call.answered' | 'call.transferred';
