/**
 * `data` of `call.started`, `call.answered`, `call.transferred` and `call.ended`: the spec's call
 * fields, exactly. Wired when the voice issue publishes call events; until then no webhook of
 * these kinds is ever sent (subscribing to them is allowed).
 */
export interface CallWebhookData {
  call_id: string;
  /** The agent on the call; null before one answers. */
  agent_id: string | null;
  caller_number: string;
  called_number: string;
  /** Whole seconds; 0 until the call is answered. */
  call_duration: number;
  /** e.g. `ringing`, `in_progress`, `completed`, `no_answer`, `busy`, `failed`, `transferred`. */
  call_status: string;
  call_direction: 'inbound' | 'outbound';
  recording_url: string | null;
  transcription: string | null;
  sentiment: string | null;
  disposition: string | null;
  tags: string[];
  custom_fields: Record<string, unknown>;
}

export type CallWebhookKind = 'call.started' | 'call.ended' | 'call.answered' | 'call.transferred';
