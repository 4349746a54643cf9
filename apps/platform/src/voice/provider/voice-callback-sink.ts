import type { VoiceCallback } from './voice-provider.port';

/**
 * What the platform did with one callback: `duplicate` changed nothing, `ignored` was out of place
 * (an answer after the end, a call of an unknown company).
 */
export const VOICE_CALLBACK_OUTCOMES = ['applied', 'duplicate', 'ignored'] as const;
export type VoiceCallbackOutcome = (typeof VOICE_CALLBACK_OUTCOMES)[number];

export interface VoiceCallbackResult {
  kind: VoiceCallback['kind'];
  call_id: string;
  outcome: VoiceCallbackOutcome;
}

/**
 * The in-process entrance of voice callbacks (calls/call-callbacks.service.ts provides it): the
 * same verification and handling as `POST /api/voice/callbacks/{provider}`, for the sandbox, which
 * posts its signed callbacks here so nothing skips verification.
 */
export interface VoiceCallbackSink {
  submit(provider: string, headers: Record<string, string>, rawBody: string): Promise<VoiceCallbackResult[]>;
}

export const VOICE_CALLBACK_SINK = Symbol('VOICE_CALLBACK_SINK');
