/** Retries after the first attempt: 5 attempts in all (issue 14). */
export const WEBHOOK_RETRIES = 4;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DELAY = /^(\d{1,7})(ms|s|m|h)$/;

/**
 * WEBHOOKS_RETRY_DELAYS (`30s,2m,8m,32m`): the waits after attempts 1 to 4, in milliseconds, or
 * undefined when the text is not four comma-separated `<integer><ms|s|m|h>` delays.
 */
export function parseRetryDelays(text: unknown): number[] | undefined {
  if (typeof text !== 'string') return undefined;
  const delays = text.split(',').map((part) => DELAY.exec(part.trim()));
  if (delays.length !== WEBHOOK_RETRIES) return undefined;
  const parsed = delays.map((match) => (match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN));
  return parsed.every(Number.isFinite) ? parsed : undefined;
}
