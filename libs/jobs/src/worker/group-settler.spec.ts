import type { EntityManager } from 'typeorm';
import type { ClaimedJob, SucceededRun } from '../queue/job-queue';
import { completingThen, GroupSettler } from './group-settler';

const job = (id: string): ClaimedJob<{ id: string }> => ({
  id,
  queue: 'q',
  concurrencyKey: null,
  payload: { id },
  attempt: 1,
  lockToken: 'token',
  waitedSeconds: 0,
});
const run = (id: string): SucceededRun<{ id: string }, string> => ({ job: job(id), result: `result ${id}` });
const manager = {} as EntityManager;

/** A store whose group writes wait for `release()`, owning every job but those in `lost`. */
function fakeWrites(lost: ReadonlySet<string> = new Set()) {
  const groups: string[][] = [];
  const gates: Array<() => void> = [];
  const write = async (
    jobs: readonly ClaimedJob<{ id: string }>[],
    hook: (m: EntityManager, owned: ReadonlySet<string>) => Promise<void>,
  ) => {
    groups.push(jobs.map(({ id }) => id));
    await new Promise<void>((resolve) => gates.push(resolve));
    const owned = new Set(jobs.map(({ id }) => id).filter((id) => !lost.has(id)));
    await hook(manager, owned);
    return owned;
  };
  const release = async () => {
    for (let i = 0; i < 50 && gates.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { groups, write, release };
}

describe('GroupSettler', () => {
  it('writes a lone run at once and the runs that came meanwhile as one group', async () => {
    const { groups, write, release } = fakeWrites();
    const hooked: string[][] = [];
    const settler = new GroupSettler<{ id: string }, string>(
      completingThen(write, async (_m, runs) => void hooked.push(runs.map((r) => r.result))),
    );
    const first = settler.settle(run('a'));
    const later = [settler.settle(run('b')), settler.settle(run('c'))];
    await release();
    await release();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true]);
    expect(groups).toEqual([['a'], ['b', 'c']]);
    expect(hooked).toEqual([['result a'], ['result b', 'result c']]);
  });

  it('answers false for a run whose claim was lost, and leaves it out of the hook', async () => {
    const { write, release } = fakeWrites(new Set(['b']));
    const hooked: string[] = [];
    const settler = new GroupSettler<{ id: string }, string>(
      completingThen(write, async (_m, runs) => void hooked.push(...runs.map((r) => r.job.id))),
    );
    const answers = Promise.all([settler.settle(run('a')), settler.settle(run('b'))]);
    await release();
    await release();
    expect(await answers).toEqual([true, false]);
    expect(hooked).toEqual(['a']);
  });

  it('writes a failed group again one run at a time, so only the bad run fails', async () => {
    const groups: string[][] = [];
    const settler = new GroupSettler<{ id: string }, string>(
      completingThen(
        async (jobs, hook) => {
          groups.push(jobs.map(({ id }) => id));
          const owned = new Set(jobs.map(({ id }) => id));
          await hook(manager, owned);
          return owned;
        },
        async (_m, runs) => {
          if (runs.some((r) => r.job.id === 'bad')) throw new Error('constraint violated');
        },
      ),
    );
    const results = await Promise.allSettled([settler.settle(run('a')), settler.settle(run('bad')), settler.settle(run('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      true,
      'constraint violated',
      true,
    ]);
    expect(groups).toEqual([['a'], ['bad', 'c'], ['bad'], ['c']]);
  });
});
