/** Longest Retry-After honoured (a day); a later one is clipped to it. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * A `Retry-After` header as a delay in milliseconds: delta-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, 0 when already past). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // HTTP dates name a weekday and a month; Date.parse alone would also read "1.5" or "2026".
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}
