import type { AgentPerformanceState } from '@suite/contracts';

export interface PerformanceEvaluation {
  /** The side of the threshold the agent was found on last; null before the first evaluation. */
  previous: AgentPerformanceState | null;
  minSuccessRate: number;
  /** Outcomes of the agent's last ended calls (at most its window), newest first: `call_successful === true`. */
  outcomes: readonly boolean[];
}

export interface PerformanceDecision {
  /** The side to remember now. */
  state: AgentPerformanceState;
  /** Whether this evaluation crossed the threshold: publish `agent.performance` with `state`. */
  crossed: boolean;
  /** Successful / considered, rounded to 4 decimals (the event's precision). */
  successRate: number;
  callsConsidered: number;
  successfulCalls: number;
}

/**
 * Which side of its threshold an agent is on after a call ended, and whether that is news.
 * Below the minimum is `below_threshold`, news unless it was already below (the first evaluation
 * below is news too: the company learns of it at once). At or above is `recovered`, news only
 * when the agent was below: an agent that never fell has nothing to recover from, so the first
 * evaluation at or above is remembered silently. Null when there is no ended call to judge.
 */
export function decidePerformance({ previous, minSuccessRate, outcomes }: PerformanceEvaluation): PerformanceDecision | null {
  if (outcomes.length === 0) return null;
  const successfulCalls = outcomes.filter(Boolean).length;
  const exactRate = successfulCalls / outcomes.length;
  const state: AgentPerformanceState = exactRate < minSuccessRate ? 'below_threshold' : 'recovered';
  const crossed = state === 'below_threshold' ? previous !== 'below_threshold' : previous === 'below_threshold';
  return {
    state,
    crossed,
    successRate: Math.round(exactRate * 10_000) / 10_000,
    callsConsidered: outcomes.length,
    successfulCalls,
  };
}
