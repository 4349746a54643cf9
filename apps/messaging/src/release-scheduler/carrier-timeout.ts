import { CarrierOutcomeUnknownError } from '../carrier/carrier-errors';

/** A carrier call that took too long: for a send, its outcome is unknown (the request may have gone). */
export class CarrierTimeoutError extends CarrierOutcomeUnknownError {}

/**
 * Bounds a carrier call (lookup, send, lookup of a lost hand-off) by the scheduler's send timeout;
 * a late answer is dropped. Never a blind retry after it: a send that timed out is `unknown`.
 */
export function withCarrierTimeout<T>(call: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CarrierTimeoutError(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
