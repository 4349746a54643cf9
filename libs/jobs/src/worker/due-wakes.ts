/** Wake-ups closer together than this share one timer. */
const BUCKET_MS = 25;
/** Jobs due later than this are left to the workers' polls: no timer lives long. */
const HORIZON_MS = 60_000;

/**
 * Wakes a queue's worker in this process when a job enqueued here with a `runAt` comes due, so it
 * is claimed then rather than at the worker's next poll (up to `pollMs` late). One timer per queue
 * and 25 ms bucket of due times; not kept past `HORIZON_MS`. A wake-up that finds nothing (its
 * transaction rolled back, or the job was claimed elsewhere) costs one empty claim. Other replicas'
 * jobs are still found by polling, as before.
 */
export class DueWakes {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly wake: (queue: string) => void) {}

  schedule(queue: string, runAt: Date): void {
    const delay = runAt.getTime() - Date.now();
    if (delay <= 0 || delay > HORIZON_MS) return;
    const bucket = Math.ceil(runAt.getTime() / BUCKET_MS) * BUCKET_MS;
    const key = `${queue}:${bucket}`;
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.wake(queue);
    }, bucket - Date.now());
    timer.unref();
    this.timers.set(key, timer);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
