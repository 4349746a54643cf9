/** What one item of a batch came to: its result, or the error its caller receives. */
export type BatchOutcome<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly error: unknown };

export interface GroupCommitOptions {
  /** Most items one batch takes. */
  readonly maxBatch: number;
  /**
   * Lanes: most batches writing at once, and most batches reading (or waiting for their turn to
   * write) at once. Each batch holds a database connection from its start to its end.
   */
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

/**
 * Given to each batch: awaited between the batch's read and its write. It resolves when the batch
 * may write (fewer than `maxInFlight` batches writing, earlier ones first), and from then on the
 * next batch may start its read — the read of batch n+1 overlaps the write of batch n.
 */
export type WriteTurn = () => Promise<void>;

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
 * `maxInFlight` are before their write, and what arrives while they are gathers for the next. So a
 * quiet service sends batches of one with no added latency, and a busy one batches more the busier
 * it gets.
 *
 * A batch runs in two stages, read then write, split by its `WriteTurn` (decision 0016, amendment
 * 2026-11-28 (later)): once a batch has its turn to write, the next batch starts reading, so with
 * one lane a read and a write are in flight together and the writes still run one at a time, in
 * the order their batches started. A read that overlaps a write may see a row that write is about
 * to change; `runBatch` must re-check what it read when it writes (the send path's write does,
 * under each contact's lock).
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
  /** Batches started and not yet given their turn to write. */
  private beforeWrite = 0;
  /** Batches holding a turn to write. */
  private writing = 0;
  /** Batches waiting for a turn to write, first come first served. */
  private readonly writeQueue: Array<() => void> = [];
  private flushScheduled = false;

  constructor(
    private readonly runBatch: (items: readonly I[], writeTurn: WriteTurn) => Promise<ReadonlyArray<BatchOutcome<O>>>,
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
    while (this.beforeWrite < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      const startedAt = performance.now();
      this.options.observer?.batchStarted(batch.map((waiting) => startedAt - waiting.submittedAt));
      this.beforeWrite += 1;
      let hasTurn: Promise<void> | undefined;
      let holdsTurn = false;
      const writeTurn: WriteTurn = () =>
        (hasTurn ??= this.takeWriteTurn().then(() => {
          holdsTurn = true;
          this.beforeWrite -= 1;
          this.flush();
        }));
      void this.run(batch, writeTurn).finally(async () => {
        // A turn asked for and not yet given is still owed to this batch: take it, then pass it on.
        if (hasTurn) await hasTurn;
        this.options.observer?.batchEnded(performance.now() - startedAt);
        if (holdsTurn) this.passWriteTurn();
        else this.beforeWrite -= 1;
        this.flush();
      });
    }
  }

  private takeWriteTurn(): Promise<void> {
    if (this.writing < this.options.maxInFlight && this.writeQueue.length === 0) {
      this.writing += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.writeQueue.push(resolve));
  }

  /** The next batch in the queue takes the turn this one held, or the turn is free again. */
  private passWriteTurn(): void {
    const next = this.writeQueue.shift();
    if (next) next();
    else this.writing -= 1;
  }

  private async run(batch: ReadonlyArray<Waiting<I, O>>, writeTurn: WriteTurn): Promise<void> {
    let outcomes: ReadonlyArray<BatchOutcome<O>>;
    try {
      outcomes = await this.runBatch(
        batch.map((waiting) => waiting.item),
        writeTurn,
      );
      if (outcomes.length !== batch.length)
        throw new Error(`GroupCommit: runBatch answered ${outcomes.length} of ${batch.length} items`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One at a time, inside this batch's turn to write (taken now if the batch failed before it):
      // the retry is the rare path, and it must neither take every connection of the pool nor
      // write beside a later batch.
      await writeTurn();
      for (const waiting of batch) await this.run([waiting], writeTurn);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index]!;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
