import type { DataSource, EntityManager } from 'typeorm';
import { StepBatches } from './step-batches';
import type { Continuation, StepRunner } from './step-runner';
import type { StepWritesStore } from './step-writes.store';

type Outcome = Continuation | { error: unknown };
const stepAll = jest.spyOn(
  StepBatches.prototype as unknown as { stepAll(manager: EntityManager, entries: readonly unknown[]): Promise<Outcome[]> },
  'stepAll',
);
const job = (runId: string) => ({ companyId: '1', runId });

function batches(transaction: (work: (manager: EntityManager) => Promise<unknown>) => Promise<unknown>) {
  const carry = jest.fn<Promise<void>, [unknown, string, AbortSignal]>().mockResolvedValue(undefined);
  const dataSource = { transaction: jest.fn(transaction) };
  const subject = new StepBatches(dataSource as unknown as DataSource, { carry } as unknown as StepRunner, {} as StepWritesStore);
  return { subject, carry, dataSource };
}

afterEach(() => stepAll.mockReset());

describe('StepBatches', () => {
  it('takes the first step of the jobs begun together in one transaction, and carries on alone a run that goes on', async () => {
    stepAll.mockResolvedValue(['stop', 'next', 'stop']);
    const { subject, carry, dataSource } = batches((work) => work({} as EntityManager));
    const signal = new AbortController().signal;
    await Promise.all([
      subject.carry(job('1'), 'a', signal),
      subject.carry(job('2'), 'b', signal),
      subject.carry(job('3'), 'c', signal),
    ]);
    expect(dataSource.transaction).toHaveBeenCalledTimes(1);
    expect(stepAll.mock.calls[0]![1]).toHaveLength(3);
    // The run that goes on is carried on its own, a step per transaction; the others are done.
    expect(carry.mock.calls.map(([, jobId]) => jobId)).toEqual(['b']);
  });

  it('runs every job of a batch whose step failed on its own, where the failing one fails alone', async () => {
    const failure = new Error('no phone');
    stepAll.mockRejectedValue(failure);
    const { subject, carry } = batches((work) => work({} as EntityManager));
    carry.mockImplementation((_job, jobId) => (jobId === 'b' ? Promise.reject(failure) : Promise.resolve()));
    const signal = new AbortController().signal;
    const [first, failed, third] = [
      subject.carry(job('1'), 'a', signal),
      subject.carry(job('2'), 'b', signal),
      subject.carry(job('3'), 'c', signal),
    ];
    await expect(first).resolves.toBeUndefined();
    await expect(failed).rejects.toBe(failure);
    await expect(third).resolves.toBeUndefined();
    expect(carry.mock.calls.map(([, jobId]) => jobId)).toEqual(['a', 'b', 'c']);
  });

  it('runs every job of a batch that could not commit on its own, and an interrupted one never in a batch', async () => {
    stepAll.mockResolvedValue(['stop', 'stop']);
    const { subject, carry } = batches(() => Promise.reject(new Error('deadlock detected')));
    const live = new AbortController().signal;
    const interrupted = new AbortController();
    interrupted.abort(new Error('shutting down'));
    await Promise.all([
      subject.carry(job('1'), 'a', live),
      subject.carry(job('2'), 'b', live),
      subject.carry(job('3'), 'c', interrupted.signal),
    ]);
    expect(carry.mock.calls.map(([, jobId]) => jobId).sort()).toEqual(['a', 'b', 'c']);
  });
});
