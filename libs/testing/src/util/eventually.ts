/** How long to poll, how often, and what the wait is for (named in the timeout's message). */
export interface EventuallyOptions {
  timeoutMs?: number;
  intervalMs?: number;
  what?: string;
}

/**
 * Polls `probe` until it returns a value `accept` approves, or fails after `timeoutMs` with the
 * last value seen — for effects that happen asynchronously (an event consumed by another app).
 * Without `accept`, until `probe` stops throwing (an `expect(…)` inside it): the timeout then
 * throws the probe's last error itself, so a failed assertion reads as that assertion.
 */
export async function eventually<T>(probe: () => Promise<T>, options?: EventuallyOptions): Promise<T>;
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  options?: EventuallyOptions,
): Promise<T>;
export async function eventually<T>(
  probe: () => Promise<T>,
  acceptOrOptions?: ((value: T) => boolean) | EventuallyOptions,
  maybeOptions: EventuallyOptions = {},
): Promise<T> {
  const accept = typeof acceptOrOptions === 'function' ? acceptOrOptions : undefined;
  const options = typeof acceptOrOptions === 'function' ? maybeOptions : (acceptOrOptions ?? {});
  const { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (!accept || accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  if (!accept && lastError !== undefined) throw lastError;
  const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : ` (last value: ${JSON.stringify(last)})`;
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
}
