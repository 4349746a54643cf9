import type { HangupReason } from '@suite/contracts';

/** How far ahead of the server clock a given `started_at` may be (clock skew). */
export const STARTED_AT_SKEW_MS = 60_000;

export interface SandboxCallFacts {
  answered: boolean;
  transferred: boolean;
  durationSeconds: number;
  hangupReason: HangupReason | undefined;
  startedAt: Date | undefined;
}

/** Hang-up reasons that say the call was answered (by a person or a machine). */
const ANSWERED_REASONS: readonly HangupReason[] = ['agent_hangup', 'call_transfer', 'voicemail_reached'];

/**
 * What makes a simulated call impossible, by field (the 422's `errors`): a transfer needs an
 * answer, an unanswered call has no duration, the hang-up reason must fit the course, and the
 * call cannot start in the future.
 */
export function sandboxCallProblems(facts: SandboxCallFacts, now: Date): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, problem: string) => (problems[field] ??= []).push(problem);
  if (facts.transferred && !facts.answered) add('transferred', 'a call must be answered to be transferred');
  if (!facts.answered && facts.durationSeconds > 0) add('duration_seconds', 'must be 0 when the call was not answered');
  const reason = facts.hangupReason;
  if (reason === 'dial_no_answer' && facts.answered) add('hangup_reason', 'dial_no_answer means the call was not answered');
  if (reason && ANSWERED_REASONS.includes(reason) && !facts.answered) add('hangup_reason', `${reason} needs an answered call`);
  if (reason === 'call_transfer' && !facts.transferred) add('hangup_reason', 'call_transfer needs transferred: true');
  if (facts.startedAt && facts.startedAt.getTime() > now.getTime() + STARTED_AT_SKEW_MS)
    add('started_at', 'must not be in the future');
  return problems;
}

/** The hang-up reason a simulated call gets when none is given. */
export function defaultHangupReason(facts: Pick<SandboxCallFacts, 'answered' | 'transferred'>): HangupReason {
  if (facts.transferred) return 'call_transfer';
  return facts.answered ? 'user_hangup' : 'dial_no_answer';
}
