import type { ReleaseSchedulerEnvironment } from '../../release-scheduler/release-scheduler-environment';
import type { ReceiptReconciliationEnvironment } from './receipt-reconciliation-environment';

export const RECEIPT_RECONCILIATION_OPTIONS = Symbol('RECEIPT_RECONCILIATION_OPTIONS');

export interface ReceiptReconciliationOptions {
  /** MESSAGING_RECEIPT_TIMEOUT_SECONDS: a `sent` message without a receipt this long is looked up. */
  readonly timeoutSeconds: number;
  /** How often each replica sweeps: a quarter of the timeout, between 1 s and 1 min. */
  readonly sweepIntervalMs: number;
  /** Bound of one status lookup at the provider (MESSAGING_SCHEDULER_SEND_TIMEOUT_MS, as every carrier call). */
  readonly lookupTimeoutMs: number;
}

export function receiptReconciliationOptions(
  env: Pick<ReceiptReconciliationEnvironment, 'MESSAGING_RECEIPT_TIMEOUT_SECONDS'> &
    Pick<ReleaseSchedulerEnvironment, 'MESSAGING_SCHEDULER_SEND_TIMEOUT_MS'>,
): ReceiptReconciliationOptions {
  const timeoutSeconds = env.MESSAGING_RECEIPT_TIMEOUT_SECONDS;
  return {
    timeoutSeconds,
    sweepIntervalMs: Math.min(60_000, Math.max(1_000, Math.floor((timeoutSeconds * 1000) / 4))),
    lookupTimeoutMs: env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS,
  };
}
