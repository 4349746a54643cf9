import type { CallDirection } from '@suite/contracts';
import type { SandboxCallScript } from '../../provider/sandbox/sandbox-call-outcomes';
import type { CallContext, VoiceCallback } from '../../provider/voice-provider.port';

/** Simulated seconds a sandbox call rings before it is answered. */
export const SANDBOX_RING_SECONDS = 6;
/** Simulated seconds a sandbox call rings before nobody answers (`dial_no_answer`). */
export const SANDBOX_NO_ANSWER_SECONDS = 30;
/** Simulated seconds before a failing sandbox call (`error`) ends. */
export const SANDBOX_ERROR_SECONDS = 2;

export interface SandboxCall {
  callId: string;
  direction: CallDirection;
  from: string;
  to: string;
  context: CallContext;
  startedAt: Date;
}

/** What the script says beyond sandboxCallScript's fields: the sandbox's own call route may set these. */
export interface SandboxCallExtras {
  transcription?: string | null;
  recordingUrl?: string | null;
  answeredAfterSeconds?: number;
}

/**
 * The callbacks a scripted sandbox call produces, in order: `started` at the placement time, then
 * — when the script answers — `answered` SANDBOX_RING_SECONDS later, `transferred` halfway through
 * a transferred call, and `ended` at answered + the script's duration (or after ringing out, or
 * failing). The times are simulated: they follow the script's seconds, not the real time between
 * the steps (PLATFORM_SANDBOX_CALL_STEP_MS). `ended` repeats the numbers and times, so the call is
 * recorded whole even if it arrives first.
 */
export function sandboxCallCallbacks(
  call: SandboxCall,
  script: SandboxCallScript,
  extras: SandboxCallExtras = {},
): VoiceCallback[] {
  const step = { callId: call.callId, context: call.context };
  const at = (seconds: number) => new Date(call.startedAt.getTime() + seconds * 1000);
  const callbacks: VoiceCallback[] = [
    { kind: 'started', ...step, at: call.startedAt, direction: call.direction, from: call.from, to: call.to },
  ];
  const ring = extras.answeredAfterSeconds ?? SANDBOX_RING_SECONDS;
  const answeredAt = script.answered ? at(ring) : null;
  if (answeredAt) callbacks.push({ kind: 'answered', ...step, at: answeredAt });
  if (answeredAt && script.transferred)
    callbacks.push({ kind: 'transferred', ...step, at: at(ring + Math.floor(script.durationSeconds / 2)), transferredTo: null });
  const endedAfter = answeredAt
    ? ring + script.durationSeconds
    : script.hangupReason === 'error'
      ? SANDBOX_ERROR_SECONDS
      : SANDBOX_NO_ANSWER_SECONDS;
  callbacks.push({
    kind: 'ended',
    ...step,
    at: at(endedAfter),
    durationSeconds: answeredAt ? script.durationSeconds : 0,
    hangupReason: script.hangupReason,
    callSuccessful: script.callSuccessful,
    sentiment: script.sentiment,
    disposition: script.disposition,
    transcription: extras.transcription ?? null,
    recordingUrl: extras.recordingUrl ?? null,
    tags: [],
    customFields: {},
    direction: call.direction,
    from: call.from,
    to: call.to,
    startedAt: call.startedAt,
    ...(answeredAt ? { answeredAt } : {}),
  });
  return callbacks;
}
