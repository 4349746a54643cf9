import type { WebhookStatus } from '@suite/contracts';
import { statusChange, type AttemptOutcome } from './attempt-outcome';

/** When an endpoint's circuit opens: this many failed attempts in a row, then a pause of `cooldownMs`. */
export interface CircuitBreakerOptions {
  failures: number;
  cooldownMs: number;
}

/** What a webhook's row says about its health before a group of attempts. */
export interface WebhookHealth {
  status: WebhookStatus;
  consecutiveFailures: number;
  circuitOpenUntil: Date | null;
}

/** A webhook's status moving, with why and when (a `webhook.status_changed` event). */
export interface WebhookStatusMove {
  status: WebhookStatus;
  previous: WebhookStatus;
  reason: string;
  at: Date;
}

export interface WebhookTally {
  health: WebhookHealth;
  hits: number;
  lastHit: Date;
  moves: WebhookStatusMove[];
  /** Set when a failure in this group (re)opened the circuit: deliveries wait until then. */
  circuitOpenedUntil: Date | null;
}

/**
 * A webhook's row after a group of its attempts, oldest first (pure; the settling transaction
 * writes it). Each attempt counts a hit; the status follows statusChange (attempt-outcome.ts).
 * The circuit breaker: a success closes it and resets the count; every failure counts, and from
 * the `failures`-th in a row on, each one opens it for `cooldownMs` from that attempt — so after
 * the pause, the first attempts through are probes: one success closes it, one failure reopens it.
 */
export function tallyWebhook(
  start: WebhookHealth,
  attempts: ReadonlyArray<{ at: Date; outcome: AttemptOutcome }>,
  breaker: CircuitBreakerOptions,
): WebhookTally {
  let health = { ...start };
  const moves: WebhookStatusMove[] = [];
  let lastHit = new Date(0);
  let circuitOpenedUntil: Date | null = null;
  for (const { at, outcome } of attempts) {
    if (at > lastHit) lastHit = at;
    const change = statusChange(health.status, outcome);
    if (change) {
      moves.push({ status: change.status, previous: health.status, reason: change.reason, at });
      health.status = change.status;
    }
    if (outcome.kind === 'delivered') {
      health = { ...health, consecutiveFailures: 0, circuitOpenUntil: null };
      circuitOpenedUntil = null;
      continue;
    }
    health.consecutiveFailures++;
    if (health.consecutiveFailures >= breaker.failures) {
      const until = new Date(at.getTime() + breaker.cooldownMs);
      if (!health.circuitOpenUntil || until > health.circuitOpenUntil) health.circuitOpenUntil = until;
      circuitOpenedUntil = health.circuitOpenUntil;
    }
  }
  return { health, hits: attempts.length, lastHit, moves, circuitOpenedUntil };
}
