/**
 * A 5xx reply (except 503, see nodemailer's isPermanentResponseCode) is the relay refusing this
 * email for good: retrying gets the same answer. Everything else — connection refused, timeouts,
 * 4xx, an aborted hand-off — may pass later.
 */
export function isPermanentFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
