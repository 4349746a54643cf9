/** What one item of a batch came to: its result, or the error its caller receives. */
export type BatchOutcome<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly error: unknown };

export interface GroupCommitOptions {
  /** Most items one batch takes. */
  readonly maxBatch: number;
  /** Most batches running at once (each holds a database connection for its transaction). */
  readonly maxInFlight: number;
  /** Told how long sends wait for their batch and how long batches run (metrics; decision 0016). */
  readonly observer?: GroupCommitObserver;
}

/**
 * Where a caller's time goes: waiting for a batch to take its item (behind the batches in flight),
 * then the batch's own run. Together they are the group's share of a caller's latency.
 */
export interface GroupCommitObserver {
  /** A batch started; each of its items had waited this many milliseconds since it was submitted. */
  batchStarted(waitedMs: readonly number[]): void;
  /** A batch ended (answered or failed, its retries included) this many milliseconds after it started. */
  batchEnded(ranMs: number): void;
}

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (value: O) => void;
  readonly reject: (error: unknown) => void;
  /** performance.now() at submit. */
  readonly submittedAt: number;
}

/**
 * Group commit: callers submit one item each and get their own answer, while the work runs as
 * batches — one transaction for many items — so the round trips and the commit are paid once per
 * batch, not once per caller. Nothing waits on a timer: whatever was submitted during one turn of
 * the event loop leaves together on the next (setImmediate), a batch starts as soon as fewer than
 * `maxInFlight` are running, and what arrives while all of them run gathers for the next. So a
 * quiet service sends batches of one with no added latency, and a busy one batches more the busier
 * it gets.
 *
 * `runBatch` answers every item of a batch, in order, with an outcome of its own (one caller's
 * refusal does not fail the others). When it throws, the batch failed as a whole (say, a deadlock
 * or a row one item made invalid): each item is run again as a batch of one, so only the item that
 * caused it fails and its caller gets that error. So `runBatch` may throw only while nothing of
 * the batch is committed; once part of it is, it answers the rest with outcomes (the send path's
 * decideAgain).
 */
export class GroupCommit<I, O> {
  private readonly waiting: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(
    private readonly runBatch: (items: readonly I[]) => Promise<ReadonlyArray<BatchOutcome<O>>>,
    private readonly options: GroupCommitOptions,
  ) {
    if (!(options.maxBatch >= 1) || !(options.maxInFlight >= 1))
      throw new Error('GroupCommit: maxBatch and maxInFlight must be at least 1');
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject, submittedAt: performance.now() });
      this.scheduleFlush();
    });
  }

  /** Items waiting for a batch (for metrics and tests). */
  get queued(): number {
    return this.waiting.length;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      const startedAt = performance.now();
      this.options.observer?.batchStarted(batch.map((waiting) => startedAt - waiting.submittedAt));
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.options.observer?.batchEnded(performance.now() - startedAt);
        this.inFlight -= 1;
        this.flush();
      });
    }
  }

  private async run(batch: ReadonlyArray<Waiting<I, O>>): Promise<void> {
    let outcomes: ReadonlyArray<BatchOutcome<O>>;
    try {
      outcomes = await this.runBatch(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length)
        throw new Error(`GroupCommit: runBatch answered ${outcomes.length} of ${batch.length} items`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One at a time: the retry is the rare path, and it must not take every connection of the pool.
      for (const waiting of batch) await this.run([waiting]);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index]!;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
