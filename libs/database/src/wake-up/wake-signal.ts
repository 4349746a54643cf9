/**
 * A latch a polling loop sleeps on (the outbox relay, the job workers, messaging's release
 * scheduler): a NOTIFY, a local write or stop() sets it; a notification that arrives while the
 * loop is busy is remembered, so the next wait returns at once. The timeout is the polling fallback.
 */
export class WakeSignal {
  private pending = false;
  private waiter: (() => void) | null = null;

  notify(): void {
    this.pending = true;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve();
      }, timeoutMs);
      this.waiter = () => {
        clearTimeout(timer);
        this.pending = false;
        resolve();
      };
    });
  }
}
