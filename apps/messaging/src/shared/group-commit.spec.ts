import { GroupCommit, type BatchOutcome } from './group-commit';

/** A batch runner whose batches the test finishes by hand. */
class ManualBatches {
  readonly started: Array<{
    items: readonly number[];
    finish: (outcomes?: ReadonlyArray<BatchOutcome<string>>) => void;
    fail: (error: Error) => void;
  }> = [];

  readonly run = (items: readonly number[]): Promise<ReadonlyArray<BatchOutcome<string>>> =>
    new Promise((resolve, reject) => {
      this.started.push({
        items,
        finish: (outcomes) => resolve(outcomes ?? items.map((item) => ({ ok: true, value: `done ${item}` }))),
        fail: reject,
      });
    });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('sends what is submitted in one turn of the event loop as one batch', async () => {
    const batches = new ManualBatches();
    const group = new GroupCommit(batches.run, { maxBatch: 10, maxInFlight: 2 });
    const answers = [1, 2, 3].map((item) => group.submit(item));
    await nextTurn();
    expect(batches.started.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
    batches.started[0]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('gathers what arrives while every slot is busy into the next batch, at most maxBatch at a time', async () => {
    const batches = new ManualBatches();
    const group = new GroupCommit(batches.run, { maxBatch: 3, maxInFlight: 1 });
    const first = group.submit(1);
    await nextTurn();
    const later = [2, 3, 4, 5].map((item) => group.submit(item));
    await nextTurn();
    expect(batches.started).toHaveLength(1);
    expect(group.queued).toBe(4);
    batches.started[0]!.finish();
    await expect(first).resolves.toBe('done 1');
    await nextTurn();
    expect(batches.started.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
    batches.started[1]!.finish();
    await nextTurn();
    expect(batches.started[2]!.items).toEqual([5]);
    batches.started[2]!.finish();
    await expect(Promise.all(later)).resolves.toEqual(['done 2', 'done 3', 'done 4', 'done 5']);
  });

  it('answers each item with its own outcome: one refusal does not fail the others', async () => {
    const batches = new ManualBatches();
    const group = new GroupCommit(batches.run, { maxBatch: 10, maxInFlight: 1 });
    const answers = [1, 2].map((item) => group.submit(item).catch((error: Error) => `refused: ${error.message}`));
    await nextTurn();
    batches.started[0]!.finish([
      { ok: false, error: new Error('opted out') },
      { ok: true, value: 'done 2' },
    ]);
    await expect(Promise.all(answers)).resolves.toEqual(['refused: opted out', 'done 2']);
  });

  it('runs each item of a failed batch again alone, one after the other, so only the culprit fails', async () => {
    const batches = new ManualBatches();
    const group = new GroupCommit(batches.run, { maxBatch: 10, maxInFlight: 1 });
    const answers = [1, 2].map((item) => group.submit(item).catch((error: Error) => `failed: ${error.message}`));
    await nextTurn();
    batches.started[0]!.fail(new Error('deadlock detected'));
    await nextTurn();
    expect(batches.started.map((batch) => batch.items)).toEqual([[1, 2], [1]]);
    batches.started[1]!.fail(new Error('value too long'));
    await nextTurn();
    expect(batches.started[2]!.items).toEqual([2]);
    batches.started[2]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['failed: value too long', 'done 2']);
  });

  it('treats an answer of the wrong length as a failed batch', async () => {
    const batches = new ManualBatches();
    const group = new GroupCommit(batches.run, { maxBatch: 10, maxInFlight: 1 });
    const answers = [1, 2].map((item) => group.submit(item));
    await nextTurn();
    batches.started[0]!.finish([{ ok: true, value: 'only one' }]);
    await nextTurn();
    batches.started[1]!.finish();
    await nextTurn();
    batches.started[2]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2']);
  });

  it('tells its observer how long each item waited for its batch and how long each batch ran', async () => {
    const batches = new ManualBatches();
    const started: number[][] = [];
    const ended: number[] = [];
    const observer = {
      batchStarted: (waited: readonly number[]) => started.push([...waited]),
      batchEnded: (ms: number) => ended.push(ms),
    };
    const group = new GroupCommit(batches.run, { maxBatch: 10, maxInFlight: 1, observer });
    const first = group.submit(1);
    await nextTurn();
    const later = [2, 3].map((item) => group.submit(item));
    await new Promise((resolve) => setTimeout(resolve, 20));
    batches.started[0]!.finish();
    await first;
    await nextTurn();
    batches.started[1]!.finish();
    await Promise.all(later);
    await nextTurn();
    expect(started.map((waited) => waited.length)).toEqual([1, 2]);
    // The second batch's items waited behind the first for the 20 ms it ran (timers may fire a little early).
    for (const waited of started[1]!) expect(waited).toBeGreaterThanOrEqual(15);
    expect(ended).toHaveLength(2);
    expect(ended[0]).toBeGreaterThanOrEqual(15);
  });

  it('refuses settings that could never run a batch', () => {
    expect(() => new GroupCommit(async () => [], { maxBatch: 0, maxInFlight: 1 })).toThrow(/at least 1/);
    expect(() => new GroupCommit(async () => [], { maxBatch: 1, maxInFlight: 0 })).toThrow(/at least 1/);
  });
});
