/**
 * Polls `probe` until it returns a value `accept` approves, or fails after `timeoutMs` with the
 * last value seen — for effects that happen asynchronously (an event consumed by another app).
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = 30_000, intervalMs = 100, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : ` (last value: ${JSON.stringify(last)})`;
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
}
