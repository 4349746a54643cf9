import { Logger } from '@nestjs/common';
import type { ClaimedJob, JobQueue } from '../queue/job-queue';
import type { JobStore } from './job-store';
import { JobWorker } from './job-worker';

const job = (id: string, attempt = 1): ClaimedJob<{ id: string }> => ({
  id,
  queue: 'q',
  concurrencyKey: null,
  payload: { id },
  attempt,
  lockToken: 'token',
  waitedSeconds: 0,
});

/** A store that hands out `jobs` once and records how each claim was settled. */
function fakeStore(jobs: ClaimedJob[]) {
  const calls: string[] = [];
  let pending = [...jobs];
  const store: Pick<JobStore, 'claim' | 'failAbandoned' | 'complete' | 'completeMany' | 'settleMany' | 'retryLater' | 'fail'> = {
    failAbandoned: async () => 0,
    claim: async ({ limit }) => {
      const batch = pending.slice(0, limit);
      pending = pending.slice(limit);
      return batch;
    },
    complete: async (claimed) => (calls.push(`${claimed.id}:done`), true),
    completeMany: async (claimed, hook) => {
      calls.push(`${claimed.map(({ id }) => id).join('+')}:done together`);
      const owned = new Set(claimed.map(({ id }) => id));
      await hook(null as never, owned);
      return owned;
    },
    settleMany: async (claimed, write) => {
      calls.push(`${claimed.map(({ id }) => id).join('+')}:settled together`);
      return write(null as never, { deleteSql: () => '', ids: claimed.map(({ id }) => id), lockTokens: [] });
    },
    retryLater: async (claimed, error, delayMs) => (calls.push(`${claimed.id}:retry ${delayMs} ${error}`), true),
    fail: async (claimed, error) => (calls.push(`${claimed.id}:failed ${error}`), true),
  };
  return { store, calls };
}

const metrics = { claimed: () => undefined, finished: () => undefined, abandoned: () => undefined };

const queue = (handle: JobQueue<{ id: string }, string>['handle'], change: Partial<JobQueue<{ id: string }, string>> = {}) => ({
  name: 'q',
  concurrency: 2,
  leaseMs: 60_000,
  timeoutMs: 30_000,
  pollMs: 10_000,
  stopGraceMs: 50,
  retry: { kind: 'exponential' as const, maxAttempts: 3, backoff: { baseMs: 1000, maxMs: 4000 } },
  isPermanent: (error: unknown) => (error as { permanent?: boolean }).permanent === true,
  handle,
  ...change,
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('JobWorker', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('runs claimed jobs and settles each: done, retry on the schedule, failed when permanent or out of attempts', async () => {
    const { store, calls } = fakeStore([job('a'), job('b'), job('c', 2), job('d', 3)]);
    const worker = new JobWorker(
      queue(async (claimed) => {
        if (claimed.id === 'b') throw Object.assign(new Error('550 no'), { permanent: true });
        if (claimed.id !== 'a') throw new Error('connect ECONNREFUSED');
        return 'ok';
      }),
      store,
      metrics,
      'test',
    );
    worker.start();
    await until(() => calls.length === 4);
    await worker.stop();
    expect(calls.sort()).toEqual([
      'a:done',
      'b:failed 550 no',
      'c:retry 2000 connect ECONNREFUSED',
      'd:failed connect ECONNREFUSED',
    ]);
  });

  it('stops cleanly: aborts a run that outlives the grace, even one that ignores its signal, and retries it', async () => {
    const { store, calls } = fakeStore([job('slow'), job('deaf')]);
    let started = 0;
    const worker = new JobWorker(
      queue(
        (claimed, signal) =>
          new Promise((_resolve, reject) => {
            started++;
            if (claimed.id === 'slow') signal.addEventListener('abort', () => reject(signal.reason));
          }),
      ),
      store,
      metrics,
      'test',
    );
    worker.start();
    await until(() => started === 2);
    const began = Date.now();
    await worker.stop();
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(calls.sort()).toEqual(['deaf:retry 1000 shutting down', 'slow:retry 1000 shutting down']);
  });

  it('aborts a run at its timeout and counts it as a failed attempt', async () => {
    const { store, calls } = fakeStore([job('stuck')]);
    const worker = new JobWorker(
      queue(() => new Promise(() => undefined), { timeoutMs: 20, leaseMs: 40 }),
      store,
      metrics,
      'test',
    );
    worker.start();
    await until(() => calls.length === 1);
    await worker.stop();
    expect(calls).toEqual(['stuck:retry 1000 the job took longer than 20 ms']);
  });
});
