/** A checkedAt this far ahead of the clock is bad data, not a fresh answer. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Whether a stored capability lookup may still be used instead of asking the carrier again:
 * checked less than `ttlSeconds` ago (MESSAGING_CAPABILITY_TTL_SECONDS, 7 days by default; why
 * in scheduling-defaults.ts). Never checked, a TTL of 0, or a checkedAt in the future beyond
 * clock skew → look again.
 */
export function isCapabilityFresh(checkedAt: Date | null, now: Date, ttlSeconds: number): boolean {
  if (!checkedAt) return false;
  const age = now.getTime() - checkedAt.getTime();
  return age >= -CLOCK_SKEW_MS && age < ttlSeconds * 1000;
}
