import { reconciliationOf, type ReconciliationContext } from './reconciliation-decision';
import { receiptReconciliationOptions } from './receipt-reconciliation.options';

const SENT = new Date('2030-03-05T15:00:00.000Z');
const DAY = 86_400;
const context = (waitedSeconds: number): ReconciliationContext => ({
  provider: 'twilio',
  sentAt: SENT,
  now: new Date(SENT.getTime() + waitedSeconds * 1000),
  timeoutSeconds: DAY,
});
const AT = new Date('2030-03-05T15:00:05.000Z');

describe('reconciliationOf', () => {
  it('applies a verdict the provider gives as its receipt would have been', () => {
    expect(reconciliationOf({ kind: 'delivered', providerStatus: 'delivered', at: AT }, context(DAY))).toEqual({
      kind: 'receipt',
      status: 'delivered',
      at: AT,
    });
    expect(
      reconciliationOf(
        { kind: 'failed', providerStatus: 'undelivered', reason: '30003: Unreachable handset', at: AT },
        context(DAY),
      ),
    ).toEqual({ kind: 'receipt', status: 'failed', reason: '30003: Unreachable handset', at: AT });
  });

  it('ends the message failed as receipt_missing when the provider cannot say, at the time of the lookup', () => {
    expect(reconciliationOf({ kind: 'unknown', reason: 'twilio has no message SM1' }, context(DAY))).toEqual({
      kind: 'receipt',
      status: 'failed',
      reason: 'receipt_missing: no receipt within 86400 s and twilio cannot say (twilio has no message SM1); it may have arrived',
      at: context(DAY).now,
    });
  });

  it('asks again about a pending message, and gives it up after three timeouts', () => {
    expect(reconciliationOf({ kind: 'pending', providerStatus: 'sent' }, context(DAY))).toEqual({
      kind: 'later',
      why: 'twilio still says "sent"',
    });
    expect(reconciliationOf({ kind: 'pending', providerStatus: 'sent' }, context(3 * DAY - 1))).toMatchObject({ kind: 'later' });
    expect(reconciliationOf({ kind: 'pending', providerStatus: 'sent' }, context(3 * DAY))).toEqual({
      kind: 'receipt',
      status: 'failed',
      reason: `receipt_missing: twilio still says "sent" ${3 * DAY} s after the hand-off`,
      at: context(3 * DAY).now,
    });
  });
});

describe('receiptReconciliationOptions', () => {
  it('sweeps every quarter of the timeout, between 1 s and 1 min, and bounds lookups like every carrier call', () => {
    const options = (timeout: number) =>
      receiptReconciliationOptions({ MESSAGING_RECEIPT_TIMEOUT_SECONDS: timeout, MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: 10_000 });
    expect(options(DAY)).toEqual({ timeoutSeconds: DAY, sweepIntervalMs: 60_000, lookupTimeoutMs: 10_000 });
    expect(options(2).sweepIntervalMs).toBe(1_000);
    expect(options(120).sweepIntervalMs).toBe(30_000);
  });
});
