import { exponentialBackoffMs } from '@suite/time';

export interface RetryPolicyOptions {
  /** Handler attempts before dead-lettering (EVENT_MAX_ATTEMPTS). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type FailureDecision =
  { readonly kind: 'retry'; readonly delayMs: number; readonly countsAsAttempt: boolean } | { readonly kind: 'dead-letter' };

const TRANSIENT_SQLSTATE_CLASSES = ['08', '53', '57P'];
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
const TRANSIENT_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection error/i];

/**
 * A PostgreSQL outage, a deadlock or a serialization failure says nothing about the event:
 * dead-lettering good events because the database blinked would lose them silently. Such
 * failures are retried for as long as the consumer runs and do not use up attempts.
 */
export function isTransientInfrastructureError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.some((c) => code.startsWith(c))) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

export class RetryPolicy {
  constructor(private readonly options: RetryPolicyOptions) {
    if (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1) {
      throw new Error(`eventing: maxAttempts must be a positive integer, got ${options.maxAttempts}`);
    }
  }

  get maxAttempts(): number {
    return this.options.maxAttempts;
  }

  /**
   * `attemptsBefore`: counted handler failures before this one. `failures`: consecutive
   * failures of any kind including this one (drives the backoff).
   */
  decide(attemptsBefore: number, failures: number, error: unknown): FailureDecision {
    const delayMs = this.delay(failures);
    if (isTransientInfrastructureError(error)) return { kind: 'retry', delayMs, countsAsAttempt: false };
    if (attemptsBefore + 1 >= this.options.maxAttempts) return { kind: 'dead-letter' };
    return { kind: 'retry', delayMs, countsAsAttempt: true };
  }

  private delay(failures: number): number {
    return exponentialBackoffMs(failures, { baseMs: this.options.baseDelayMs, maxMs: this.options.maxDelayMs });
  }
}
