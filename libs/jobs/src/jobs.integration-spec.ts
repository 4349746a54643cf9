import { Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntitySchema, type EntityManager } from 'typeorm';
import { eventually } from '@suite/testing';
import { scheduleJobId } from './enqueue/scheduled-job';
import { jobsEntities } from './entities/job.entity-schema';
import { JobsRuntime } from './jobs-runtime';
import type { ClaimedJob, JobQueue } from './queue/job-queue';

/**
 * The job mechanism on real PostgreSQL: enqueue in a transaction, competing workers, leases,
 * retry schedules, per-key limits. Each test uses its own schema; tables come from synchronize()
 * here only (the apps get theirs from generated migrations).
 */
const OutcomeSchema = new EntitySchema<{ job_id: string; outcome: string }>({
  name: 'TestJobOutcome',
  tableName: 'outcomes',
  columns: { job_id: { type: 'uuid', primary: true }, outcome: { type: 'text' } },
});

const dataSources: DataSource[] = [];
const runtimes: JobsRuntime[] = [];

async function appDataSource(schema: string): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: process.env.DATABASE_URL,
    schema,
    entities: [...jobsEntities, OutcomeSchema],
    extra: { max: 6 },
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await dataSource.synchronize();
  dataSources.push(dataSource);
  return dataSource;
}

function replica(dataSource: DataSource, schema: string): JobsRuntime {
  const runtime = new JobsRuntime(dataSource, { appName: 'jobs-test', schema });
  runtimes.push(runtime);
  return runtime;
}

type Payload = { n: number };

/** A queue whose handler records who ran what; the outcome hooks write `outcomes` in the settling transaction. */
function testQueue(schema: string, overrides: Partial<JobQueue<Payload, string>> = {}) {
  const runs: Array<{ id: string; n: number; attempt: number; at: number }> = [];
  const queue: JobQueue<Payload, string> = {
    name: 'test.work',
    concurrency: 4,
    leaseMs: 10_000,
    timeoutMs: 5_000,
    pollMs: 100,
    stopGraceMs: 200,
    retry: { kind: 'fixed', delaysMs: [50, 50] },
    handle: async (job: ClaimedJob<Payload>) => {
      runs.push({ id: job.id, n: job.payload.n, attempt: job.attempt, at: Date.now() });
      return 'ok';
    },
    succeeded: (manager: EntityManager, job: ClaimedJob<Payload>, result: string) => record(manager, schema, job.id, result),
    failed: (manager: EntityManager, job: ClaimedJob<Payload>, error: string) =>
      record(manager, schema, job.id, `failed: ${error}`),
    ...overrides,
  };
  return { queue, runs };
}

const record = (manager: EntityManager, schema: string, jobId: string, outcome: string) =>
  manager.query(`INSERT INTO "${schema}".outcomes (job_id, outcome) VALUES ($1, $2)`, [jobId, outcome]).then(() => undefined);

const outcomes = async (dataSource: DataSource, schema: string) =>
  new Map<string, string>(
    (await dataSource.query(`SELECT job_id, outcome FROM "${schema}".outcomes`)).map(
      (row: { job_id: string; outcome: string }) => [row.job_id, row.outcome],
    ),
  );

const jobRows = (dataSource: DataSource, schema: string) =>
  dataSource.query(`SELECT id, status, attempts, last_error FROM "${schema}".jobs ORDER BY created_at`);

let schema: string;
let db: DataSource;

beforeAll(() => Logger.overrideLogger(false));

beforeEach(async () => {
  schema = `jobs_${randomBytes(4).toString('hex')}`;
  db = await appDataSource(schema);
});

afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.stop()));
  for (const dataSource of dataSources.splice(0)) {
    await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await dataSource.destroy();
  }
});

describe('enqueue', () => {
  it('writes the job with its transaction: rolled back, no job; committed, the job runs and is gone', async () => {
    const jobs = replica(db, schema);
    const { queue, runs } = testQueue(schema);
    jobs.register(queue);
    jobs.start();
    await expect(
      db.transaction(async (manager) => {
        await jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 } });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    const [id] = await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 2 } }));
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 1,
      { timeoutMs: 10_000, what: 'the committed job to run' },
    );
    expect(runs.map((run) => run.n)).toEqual([2]);
    expect((await outcomes(db, schema)).get(id!)).toBe('ok');
    await expect(jobRows(db, schema)).resolves.toEqual([]);
  });

  it('refuses to enqueue outside a transaction', async () => {
    const jobs = replica(db, schema);
    await expect(jobs.enqueue(db.manager, { queue: 'test.work', payload: {} })).rejects.toThrow(/open transaction/);
  });

  it('wakes an idle worker by NOTIFY on commit, long before its poll', async () => {
    const jobs = replica(db, schema);
    const { queue, runs } = testQueue(schema, { pollMs: 60_000 });
    jobs.register(queue);
    jobs.start();
    // Let the worker make its first (empty) claim and settle into its 60 s wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const committed = Date.now();
    await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 } }));
    await eventually(
      async () => runs.length,
      (n) => n === 1,
      { timeoutMs: 10_000, what: 'the notified worker to run the job' },
    );
    expect(runs[0]!.at - committed).toBeLessThan(5_000);
  });

  it('holds a job back until its run_at', async () => {
    const jobs = replica(db, schema);
    const { queue, runs } = testQueue(schema);
    jobs.register(queue);
    jobs.start();
    const runAt = new Date(Date.now() + 1_000);
    await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 }, runAt }));
    await eventually(
      async () => runs.length,
      (n) => n === 1,
      { timeoutMs: 10_000, what: 'the delayed job to run' },
    );
    expect(runs[0]!.at).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });
});

describe('workers', () => {
  it('two replicas competing for 200 jobs run each exactly once', async () => {
    const db2 = await appDataSource(schema);
    const a = replica(db, schema);
    const b = replica(db2, schema);
    const first = testQueue(schema, { concurrency: 3 });
    const second = testQueue(schema, { concurrency: 3 });
    a.register(first.queue);
    b.register(second.queue);
    a.start();
    b.start();
    await db.transaction((manager) =>
      a.enqueue(
        manager,
        Array.from({ length: 200 }, (_, n) => ({ queue: 'test.work', payload: { n } })),
      ),
    );
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 200,
      { timeoutMs: 30_000, what: 'all 200 jobs to run' },
    );
    const ran = [...first.runs, ...second.runs].map((run) => run.n).sort((x, y) => x - y);
    expect(ran).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(first.runs.length).toBeGreaterThan(0);
    expect(second.runs.length).toBeGreaterThan(0);
  });

  it('retries on the queue schedule, then fails for good and tells the queue', async () => {
    const jobs = replica(db, schema);
    const { queue, runs } = testQueue(schema, {
      retry: { kind: 'fixed', delaysMs: [300, 600] },
      handle: async (job) => {
        runs.push({ id: job.id, n: job.payload.n, attempt: job.attempt, at: Date.now() });
        throw new Error(`refused ${job.attempt}`);
      },
    });
    jobs.register(queue);
    jobs.start();
    const [id] = await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 } }));
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 1,
      { timeoutMs: 15_000, what: 'the job to fail' },
    );
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(280);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(580);
    expect((await outcomes(db, schema)).get(id!)).toBe('failed: refused 3');
    await expect(jobRows(db, schema)).resolves.toEqual([{ id, status: 'failed', attempts: 3, last_error: 'refused 3' }]);
  });

  it('fails at once on a failure the queue calls permanent', async () => {
    const jobs = replica(db, schema);
    const { queue } = testQueue(schema, {
      isPermanent: (error) => (error as Error).message.startsWith('550'),
      handle: async () => {
        throw new Error('550 no such user');
      },
    });
    jobs.register(queue);
    jobs.start();
    await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 } }));
    await eventually(
      () => jobRows(db, schema),
      (rows) => rows[0]?.status === 'failed',
      { timeoutMs: 10_000, what: 'the job to fail' },
    );
    await expect(jobRows(db, schema)).resolves.toEqual([
      expect.objectContaining({ attempts: 1, last_error: '550 no such user' }),
    ]);
  });

  it("runs again a job whose worker died once its lease has passed, and the dead run's outcome is not written", async () => {
    const killed = replica(db, schema);
    let release: () => void = () => undefined;
    // A run that hangs until the test releases it plays a process frozen mid-job.
    // One place, held by the frozen run: this replica claims nothing more, as if it were gone.
    const hung = testQueue(schema, {
      concurrency: 1,
      handle: (job) =>
        new Promise((resolve) => {
          hung.runs.push({ id: job.id, n: job.payload.n, attempt: job.attempt, at: Date.now() });
          release = () => resolve('late');
        }),
    });
    killed.register(hung.queue);
    killed.start();
    const [id] = await db.transaction((manager) => killed.enqueue(manager, { queue: 'test.work', payload: { n: 7 } }));
    await eventually(
      async () => hung.runs.length,
      (n) => n === 1,
      { timeoutMs: 10_000, what: 'the first run to start' },
    );
    // Its lease passes (instead of waiting 10 s for it): the job is due again for any replica.
    await db.query(`UPDATE "${schema}".jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    const survivor = replica(await appDataSource(schema), schema);
    const alive = testQueue(schema);
    survivor.register(alive.queue);
    survivor.start();
    await eventually(
      () => outcomes(db, schema),
      (done) => done.get(id!) === 'ok',
      { timeoutMs: 10_000, what: 'the survivor to run the job' },
    );
    expect(alive.runs).toEqual([expect.objectContaining({ id, attempt: 2 })]);
    // The first run finally returns: its claim was replaced, so it writes nothing.
    release();
    await killed.stop();
    await expect(outcomes(db, schema)).resolves.toEqual(new Map([[id, 'ok']]));
  });

  it('fails a job abandoned on its last attempt instead of running it again', async () => {
    const jobs = replica(db, schema);
    const { queue, runs } = testQueue(schema, { retry: { kind: 'fixed', delaysMs: [] } });
    const [id] = await db.transaction((manager) => jobs.enqueue(manager, { queue: queue.name, payload: { n: 1 } }));
    await db.query(
      `UPDATE "${schema}".jobs SET status = 'running', attempts = 1, lock_token = $2, locked_until = now() - interval '1 second' WHERE id = $1`,
      [id, randomUUID()],
    );
    jobs.register(queue);
    jobs.start();
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 1,
      { timeoutMs: 10_000, what: 'the abandoned job to fail' },
    );
    expect(runs).toEqual([]);
    expect((await outcomes(db, schema)).get(id!)).toMatch(/^failed: The worker stopped during the last attempt/);
  });

  it('runs at most perKeyConcurrency jobs of one key at once, across replicas, while other keys go on', async () => {
    const db2 = await appDataSource(schema);
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const slowQueue = (runs: Array<{ key: string | null }>): JobQueue<Payload, string> =>
      testQueue(schema, {
        concurrency: 4,
        perKeyConcurrency: 1,
        handle: async (job) => {
          const key = job.concurrencyKey ?? 'none';
          running.set(key, (running.get(key) ?? 0) + 1);
          peak.set(key, Math.max(peak.get(key) ?? 0, running.get(key)!));
          runs.push({ key: job.concurrencyKey });
          await new Promise((resolve) => setTimeout(resolve, key === 'slow' ? 150 : 10));
          running.set(key, running.get(key)! - 1);
          return 'ok';
        },
      }).queue;
    const runs: Array<{ key: string | null }> = [];
    const a = replica(db, schema);
    const b = replica(db2, schema);
    a.register(slowQueue(runs));
    b.register(slowQueue(runs));
    await db.transaction((manager) =>
      a.enqueue(manager, [
        ...Array.from({ length: 6 }, (_, n) => ({ queue: 'test.work', payload: { n }, concurrencyKey: 'slow' })),
        ...Array.from({ length: 6 }, (_, n) => ({ queue: 'test.work', payload: { n }, concurrencyKey: `fast-${n % 2}` })),
      ]),
    );
    a.start();
    b.start();
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 12,
      { timeoutMs: 20_000, what: 'all keyed jobs to run' },
    );
    expect(Math.max(...peak.values())).toBe(1);
    // The fast keys did not wait behind the slow one: they were all done before its last job began.
    const lastSlow = runs.map((run) => run.key).lastIndexOf('slow');
    expect(runs.slice(0, lastSlow).filter((run) => run.key?.startsWith('fast-'))).toHaveLength(6);
  });

  it('settles successful runs in groups (succeededMany): 300 jobs on two replicas, each written exactly once', async () => {
    const db2 = await appDataSource(schema);
    const groups: number[] = [];
    const grouped = () =>
      testQueue(schema, {
        concurrency: 16,
        succeeded: undefined,
        succeededMany: async (manager, runs) => {
          groups.push(runs.length);
          for (const run of runs) await record(manager, schema, run.job.id, `${run.result} in a group`);
        },
      });
    const first = grouped();
    const second = grouped();
    const a = replica(db, schema);
    const b = replica(db2, schema);
    a.register(first.queue);
    b.register(second.queue);
    await db.transaction((manager) =>
      a.enqueue(
        manager,
        Array.from({ length: 300 }, (_, n) => ({ queue: 'test.work', payload: { n } })),
      ),
    );
    a.start();
    b.start();
    await eventually(
      () => outcomes(db, schema),
      (done) => done.size === 300,
      { timeoutMs: 30_000, what: 'all 300 jobs to be settled' },
    );
    expect([...(await outcomes(db, schema)).values()].every((outcome) => outcome === 'ok in a group')).toBe(true);
    expect(groups.reduce((sum, n) => sum + n, 0)).toBe(300);
    // Under load the runs gather: fewer transactions than jobs.
    expect(groups.length).toBeLessThan(300);
    expect(await jobRows(db, schema)).toEqual([]);
  });

  it("runs a queue's claim follow-up in the claim's transaction and settles by the queue's own DELETE (settleMany)", async () => {
    const seen: Array<{ n: number; claimedWith: unknown }> = [];
    const jobs = replica(db, schema);
    jobs.register(
      testQueue(schema, {
        concurrency: 8,
        perKeyConcurrency: 2,
        succeeded: undefined,
        // Written with the claim: each job's row comes back to its run.
        claimFollowUp: {
          sql: (claimed) => `INSERT INTO "${schema}".outcomes (job_id, outcome)
                             SELECT job_id, 'claimed ' || (payload->>'n') FROM ${claimed} c RETURNING job_id, outcome`,
        },
        handle: async (job: ClaimedJob<Payload>) => {
          seen.push({ n: job.payload.n, claimedWith: job.claimedWith });
          return 'ok';
        },
        settleMany: async (manager, runs, settling) => {
          const rows: Array<{ job_id: string }> = await manager.query(
            `WITH gone AS (${settling.deleteSql('$1', '$2')})
             UPDATE "${schema}".outcomes o SET outcome = 'settled ' || o.outcome FROM gone WHERE o.job_id = gone.id
             RETURNING o.job_id`,
            [settling.ids, settling.lockTokens],
          );
          expect(runs.map((run) => run.job.id).sort()).toEqual([...settling.ids].sort());
          return new Set(rows.map((row) => row.job_id));
        },
      }).queue,
    );
    const ids = await db.transaction((manager) =>
      jobs.enqueue(
        manager,
        Array.from({ length: 40 }, (_, n) => ({ queue: 'test.work', payload: { n }, concurrencyKey: `k${n % 3}` })),
      ),
    );
    jobs.start();
    await eventually(
      () => outcomes(db, schema),
      (done) => [...done.values()].filter((outcome) => outcome.startsWith('settled')).length === 40,
      { timeoutMs: 20_000, what: 'all 40 jobs to be settled' },
    );
    const done = await outcomes(db, schema);
    expect(ids.map((id) => done.get(id))).toEqual(ids.map((_, n) => `settled claimed ${n}`));
    expect(seen).toHaveLength(40);
    for (const { n, claimedWith } of seen) expect(claimedWith).toEqual({ job_id: ids[n], outcome: `claimed ${n}` });
    expect(await jobRows(db, schema)).toEqual([]);
  });

  it("claims other keys' jobs beside a key with a backlog of 5,000 due jobs and no free place", async () => {
    const started: Array<string | null> = [];
    let releaseBlocked: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (releaseBlocked = resolve));
    const jobs = replica(db, schema);
    jobs.register(
      testQueue(schema, {
        concurrency: 8,
        perKeyConcurrency: 2,
        handle: async (job) => {
          started.push(job.concurrencyKey);
          if (job.concurrencyKey === 'backlog') await blocked;
          return 'ok';
        },
      }).queue,
    );
    await db.transaction((manager) =>
      jobs.enqueue(manager, [
        ...Array.from({ length: 5_000 }, (_, n) => ({ queue: 'test.work', payload: { n }, concurrencyKey: 'backlog' })),
        ...Array.from({ length: 20 }, (_, n) => ({ queue: 'test.work', payload: { n }, concurrencyKey: `other-${n % 4}` })),
      ]),
    );
    jobs.start();
    try {
      await eventually(
        () => outcomes(db, schema),
        (done) => done.size === 20,
        { timeoutMs: 20_000, what: "the other keys' 20 jobs to run while the backlog's key is full" },
      );
      expect(started.filter((key) => key === 'backlog')).toHaveLength(2);
    } finally {
      releaseBlocked();
    }
  });
});

describe('schedules', () => {
  it('keep one row per name, run on one replica at a time, and go on where their handler says', async () => {
    const [a, b] = [replica(db, schema), replica(await appDataSource(schema), schema)];
    const next = (runtime: JobsRuntime) => (manager: EntityManager, job: ClaimedJob<Payload>) =>
      job.payload.n < 3
        ? runtime
            .schedule(manager, { name: 'tick:a', queue: 'test.work', payload: { n: job.payload.n + 1 } })
            .then(() => undefined)
        : Promise.resolve();
    const first = testQueue(schema, { succeeded: next(a) });
    const second = testQueue(schema, { succeeded: next(b) });
    a.register(first.queue);
    b.register(second.queue);
    const later = new Date(Date.now() + 3_600_000);
    for (const n of [1, 1]) {
      await db.transaction((manager) =>
        a.schedule(manager, { name: 'tick:a', queue: 'test.work', payload: { n }, runAt: later }),
      );
    }
    const rows = await jobRows(db, schema);
    expect(rows).toEqual([{ id: scheduleJobId('tick:a'), status: 'queued', attempts: 0, last_error: null }]);

    // Setting the next run again moves the one row (here: to now); then each run names the next.
    await db.transaction((manager) => b.schedule(manager, { name: 'tick:a', queue: 'test.work', payload: { n: 1 } }));
    a.start();
    b.start();
    await eventually(
      () => jobRows(db, schema),
      (left) => left.length === 0,
      { what: 'the schedule to run out' },
    );
    const runs = [...first.runs, ...second.runs].sort((x, y) => x.n - y.n);
    expect(runs.map(({ id, n }) => [id, n])).toEqual([1, 2, 3].map((n) => [scheduleJobId('tick:a'), n]));
  });

  it('queue a schedule that failed for good again, and leave a running one to its run', async () => {
    const jobs = replica(db, schema);
    const { queue } = testQueue(schema, {
      retry: { kind: 'fixed', delaysMs: [] },
      handle: async () => {
        throw new Error('provider down');
      },
      failed: async (manager) => {
        await jobs.schedule(manager, {
          name: 'check:x',
          queue: 'test.work',
          payload: { n: 2 },
          runAt: new Date(Date.now() + 3_600_000),
        });
      },
    });
    jobs.register(queue);
    jobs.start();
    await db.transaction((manager) => jobs.schedule(manager, { name: 'check:x', queue: 'test.work', payload: { n: 1 } }));
    await eventually(
      () => db.query(`SELECT status, attempts, last_error, payload FROM "${schema}".jobs`),
      (left: Array<{ payload: Payload }>) => left[0]?.payload.n === 2,
      { what: 'the next run set by the failed hook' },
    );
    expect(await jobRows(db, schema)).toEqual([
      { id: scheduleJobId('check:x'), status: 'queued', attempts: 0, last_error: null },
    ]);

    await db.query(`UPDATE "${schema}".jobs SET status = 'running', locked_until = now() + interval '1 hour'`);
    const moved = await db.transaction((manager) =>
      jobs.schedule(manager, { name: 'check:x', queue: 'test.work', payload: { n: 3 } }),
    );
    expect(moved).toBe(false);
    expect((await db.query(`SELECT payload FROM "${schema}".jobs`))[0].payload).toEqual({ n: 2 });
  });
});
