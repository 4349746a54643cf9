import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A sign-in attempt never answers sooner than this many password verifications take (decision
 * 0037). Each account of an email has its own hash, so an email with N accounts costs N argon2
 * verifications, and without a floor the time would tell a stranger, before any password is
 * right, that the email has accounts (an unknown email costs one, on a dummy hash). With the
 * floor, up to about this many accounts answer in the same time as an unknown email.
 */
export const PACED_VERIFICATIONS = 4;

export interface PaceTimer {
  /** Milliseconds from any fixed origin. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTimer: PaceTimer = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Runs `verify` on each item in turn (argon2 in WebAssembly runs on this thread: in parallel it
 * would take as long), then waits until `floor` times the first verification's duration has
 * passed. Measuring the first one keeps the floor right under any load: a busy process verifies
 * slowly and waits in proportion. Waiting costs no CPU, unlike dummy verifications would.
 */
export async function verifyPaced<T>(
  items: readonly T[],
  verify: (item: T) => Promise<boolean>,
  options: { floor?: number; timer?: PaceTimer } = {},
): Promise<boolean[]> {
  const timer = options.timer ?? realTimer;
  const started = timer.now();
  let first = 0;
  const results: boolean[] = [];
  for (const item of items) {
    results.push(await verify(item));
    if (results.length === 1) first = timer.now() - started;
  }
  const wait = started + first * (options.floor ?? PACED_VERIFICATIONS) - timer.now();
  if (wait > 0) await timer.sleep(wait);
  return results;
}
