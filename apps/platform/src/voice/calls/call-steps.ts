import type { CallDirection, CallStatus } from '@suite/contracts';
import type { CallAnalysis, CallOutcome, VoiceCallback } from '../provider/voice-provider.port';
import type { VoiceCallbackOutcome } from '../provider/voice-callback-sink';

/**
 * One lifecycle step to record: it sets its column once and publishes `call.<kind>` — except an
 * `ended` that is `held` (its `call.ended` waits for the analysis, docs/voice.md "Post-call
 * analysis") and `analyzed`, which merges the analysis and, when the end was held, `announces` it.
 */
export type CallStepPlan =
  | { kind: 'started'; at: Date }
  | { kind: 'answered'; at: Date }
  | { kind: 'transferred'; at: Date }
  | { kind: 'ended'; at: Date; outcome: CallOutcome; held: boolean }
  | { kind: 'analyzed'; at: Date; analysis: CallAnalysis; announce: boolean };

/** The lifecycle columns of a call as its locked row holds them. */
export interface CallProgress {
  answeredAt: Date | null;
  transferredAt: Date | null;
  endedAt: Date | null;
  /** Set while a recorded end's `call.ended` waits for the analysis. */
  endHeldUntil: Date | null;
  analyzedAt: Date | null;
}

/** Whether a step publishes its `call.*` event now. */
export const publishesNow = (step: CallStepPlan): boolean =>
  step.kind === 'analyzed' ? step.announce : step.kind === 'ended' ? !step.held : true;

/** What a new call row starts with, taken from the first callback that mentions it. */
export interface CallBirth {
  direction: CallDirection;
  callerNumber: string;
  calledNumber: string;
  startedAt: Date;
}

/**
 * The row a callback creates when it is the first one seen of its call: a `started` gives its own
 * facts; a later step arriving first (lost or late callbacks) gives what it repeats — an `ended`
 * may carry the numbers and times — else the call is recorded as outbound, numbers unknown (''),
 * started at the step's time.
 */
export function callBirthOf(callback: VoiceCallback): CallBirth {
  if (callback.kind === 'started')
    return { direction: callback.direction, callerNumber: callback.from, calledNumber: callback.to, startedAt: callback.at };
  if (callback.kind === 'ended') {
    const answeredAt = connectedAt(callback);
    return {
      direction: callback.direction ?? 'outbound',
      callerNumber: callback.from ?? '',
      calledNumber: callback.to ?? '',
      startedAt: earliest(callback.startedAt ?? answeredAt ?? callback.at, callback.at),
    };
  }
  return { direction: 'outbound', callerNumber: '', calledNumber: '', startedAt: callback.at };
}

/**
 * Which steps a callback records on a call, given whether its row was just created and its
 * progress: each step once and in order (started → answered → transferred → ended).
 * - A repeated step is `duplicate` and records nothing.
 * - A step whose predecessors were never seen records them first: a first `answered` records
 *   started; a `transferred` records answered; a first `ended` records started and, when the
 *   outcome says the call was connected, answered.
 * - A step the call has moved past (answered or transferred after the end) is `ignored`.
 */
export function planCallSteps(
  callback: VoiceCallback,
  created: boolean,
  progress: CallProgress,
  analysisWaitMs = 0,
): { outcome: VoiceCallbackOutcome; steps: CallStepPlan[] } {
  const steps: CallStepPlan[] = created ? [{ kind: 'started', at: callBirthOf(callback).startedAt }] : [];
  const done = (outcome: VoiceCallbackOutcome) => ({ outcome, steps });
  switch (callback.kind) {
    case 'started':
      return created ? done('applied') : done('duplicate');
    case 'answered':
      if (progress.answeredAt) return done(created ? 'applied' : 'duplicate');
      if (progress.endedAt) return done('ignored');
      steps.push({ kind: 'answered', at: callback.at });
      return done('applied');
    case 'transferred':
      if (progress.transferredAt) return done('duplicate');
      if (progress.endedAt) return done('ignored');
      if (!progress.answeredAt) steps.push({ kind: 'answered', at: callback.at });
      steps.push({ kind: 'transferred', at: callback.at });
      return done('applied');
    case 'ended': {
      if (progress.endedAt) return done('duplicate');
      const answeredAt = connectedAt(callback);
      if (!progress.answeredAt && answeredAt) steps.push({ kind: 'answered', at: answeredAt });
      // Only a connected call is analysed; an analysis that came first leaves nothing to wait for.
      const held =
        callback.analysisFollows === true && analysisWaitMs > 0 && !progress.analyzedAt && !!(progress.answeredAt ?? answeredAt);
      steps.push({ kind: 'ended', at: callback.at, outcome: outcomeOf(callback), held });
      return done('applied');
    }
    case 'analyzed': {
      if (progress.analyzedAt) return done('duplicate');
      const { callSuccessful, sentiment, summary, disposition, customFields } = callback;
      const analysis = { callSuccessful, sentiment, summary, disposition, customFields };
      steps.push({
        kind: 'analyzed',
        at: callback.at,
        analysis,
        announce: progress.endedAt !== null && progress.endHeldUntil !== null,
      });
      return done('applied');
    }
  }
}

/**
 * How a call ends: `failed` on a provider error, `no_answer` when never answered, else `completed`
 * (a transferred call too: its end is the end of our leg).
 */
export function endedStatusOf(outcome: Pick<CallOutcome, 'hangupReason'>, answered: boolean): CallStatus {
  if (outcome.hangupReason === 'error') return 'failed';
  if (!answered || outcome.hangupReason === 'dial_no_answer') return 'no_answer';
  return 'completed';
}

/** When an ended call was connected: the time it repeats, else its end minus its duration; null when never connected. */
function connectedAt(callback: Extract<VoiceCallback, { kind: 'ended' }>): Date | null {
  if (callback.answeredAt) return earliest(callback.answeredAt, callback.at);
  if (callback.durationSeconds > 0 && callback.hangupReason !== 'dial_no_answer' && callback.hangupReason !== 'error')
    return new Date(callback.at.getTime() - callback.durationSeconds * 1000);
  return null;
}

const earliest = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);

/** CallOutcome's fields, in its order: what an `ended` step records of its callback (one missing fails the type check). */
const OUTCOME_FIELDS = [
  'durationSeconds',
  'hangupReason',
  'callSuccessful',
  'sentiment',
  'disposition',
  'transcription',
  'recordingUrl',
  'tags',
  'customFields',
] as const;

const outcomeOf = (callback: VoiceCallback & { kind: 'ended' }): CallOutcome => pick(callback, OUTCOME_FIELDS);

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}
