import type { AttemptOutcome } from './attempt-outcome';
import { tallyWebhook, type WebhookHealth } from './webhook-tally';

const T0 = new Date('2026-11-24T08:00:00Z').getTime();
const at = (s: number) => new Date(T0 + s * 1000);
const ok: AttemptOutcome = { kind: 'delivered' };
const retry: AttemptOutcome = { kind: 'retry', delayMs: 30_000, error: 'HTTP 500' };
const failed: AttemptOutcome = { kind: 'failed', gone: false, error: 'HTTP 500' };
const gone: AttemptOutcome = { kind: 'failed', gone: true, error: 'HTTP 410' };
const breaker = { failures: 3, cooldownMs: 30_000 };
const healthy: WebhookHealth = { status: 'active', consecutiveFailures: 0, circuitOpenUntil: null };

describe('tallyWebhook', () => {
  it('counts every attempt as a hit, keeps the latest time, and a success resets the failures', () => {
    const tally = tallyWebhook(
      { ...healthy, consecutiveFailures: 2 },
      [
        { at: at(2), outcome: retry },
        { at: at(1), outcome: ok },
      ],
      breaker,
    );
    expect(tally).toMatchObject({ hits: 2, lastHit: at(2), moves: [], circuitOpenedUntil: null });
    // In the order given: a failure (3 in a row: open), then the success closes it.
    expect(tally.health).toEqual({ status: 'active', consecutiveFailures: 0, circuitOpenUntil: null });
  });

  it('opens the circuit at the n-th failure in a row, for the cooldown from that attempt, and a later failure extends it', () => {
    const opened = tallyWebhook(
      healthy,
      [retry, retry, retry].map((outcome, i) => ({ at: at(i), outcome })),
      breaker,
    );
    expect(opened.circuitOpenedUntil).toEqual(at(2 + 30));
    expect(opened.health).toEqual({ status: 'active', consecutiveFailures: 3, circuitOpenUntil: at(32) });
    const probeFailed = tallyWebhook(opened.health, [{ at: at(40), outcome: retry }], breaker);
    expect(probeFailed.health.circuitOpenUntil).toEqual(at(70));
    const probeSucceeded = tallyWebhook(opened.health, [{ at: at(40), outcome: ok }], breaker);
    expect(probeSucceeded.health).toEqual({ status: 'active', consecutiveFailures: 0, circuitOpenUntil: null });
    expect(probeSucceeded.circuitOpenedUntil).toBeNull();
  });

  it('moves the status as attempt-outcome says, each move with its time', () => {
    const tally = tallyWebhook(
      healthy,
      [
        { at: at(1), outcome: failed },
        { at: at(2), outcome: ok },
        { at: at(3), outcome: gone },
      ],
      breaker,
    );
    expect(tally.moves).toEqual([
      { status: 'failed', previous: 'active', reason: 'delivery_failed', at: at(1) },
      { status: 'active', previous: 'failed', reason: 'delivery_succeeded', at: at(2) },
      { status: 'disabled', previous: 'active', reason: 'endpoint_gone', at: at(3) },
    ]);
    expect(tally.health.status).toBe('disabled');
  });
});
