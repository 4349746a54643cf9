import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CLOCK } from '@suite/time';
import { createTestDatabase, eventually, TestClock, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { bootMessagingApp, newPhone, newWorkspace, seedWorkspaces } from '../../testing';
import { SANDBOX_RECEIPTS_QUEUE } from './sandbox-receipts';

/**
 * The sandbox's delivery receipts survive the process that handed the messages over (issue 33,
 * decision 0049): they are jobs committed with the `sent`, so an app closed before they are due
 * leaves them in the jobs table and the next instance posts them.
 */
jest.setTimeout(120_000);

const prefix = uniqueTopicPrefix('sandbox-receipts');
/** 10:00 in New York: inside the send window whatever the real time of day. */
const clock = new TestClock(new Date('2030-03-05T15:00:00.000Z')).run();
const workspace = newWorkspace(['+14155550401']);
const env = { MESSAGING_CARRIER: 'sandbox', MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '4000' };

let database: TestDatabase;
const apps: INestApplication[] = [];

beforeAll(async () => {
  database = await createTestDatabase('sandbox_receipts');
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database?.drop();
});

async function boot(): Promise<INestApplication> {
  const app = await bootMessagingApp(database.url, prefix, { env, overrides: [{ provide: CLOCK, useValue: clock }] });
  apps.push(app);
  return app;
}

const statuses = async (db: DataSource, ids: readonly string[]) =>
  Object.fromEntries(
    (
      (await db.query(`SELECT id, status FROM messaging.messages WHERE id = ANY($1::uuid[])`, [ids])) as Array<{
        id: string;
        status: string;
      }>
    ).map((row) => [row.id, row.status]),
  );
const receiptJobs = async (db: DataSource) =>
  (
    (await db.query(`SELECT count(*)::int AS n FROM messaging.jobs WHERE queue = $1`, [SANDBOX_RECEIPTS_QUEUE])) as [
      { n: number },
    ]
  )[0].n;

describe('sandbox receipts across a restart', () => {
  it('a message handed over by an app closed before its receipt was due is delivered by the next one', async () => {
    const first = await boot();
    await seedWorkspaces(first, [workspace]);
    let delivered = newPhone(3);
    while (delivered.endsWith('13')) delivered = newPhone(3);
    const failing = `${newPhone(3).slice(0, -2)}13`;
    const ids: string[] = [];
    for (const to of [delivered, failing]) {
      const response = await request(first.getHttpServer())
        .post('/v1/messages')
        .set('x-api-key', workspace.apiKey)
        .send({ to, message: 'Survives a restart' })
        .expect(200);
      ids.push(response.body.id as string);
    }
    const db = first.get(DataSource);
    await eventually(
      () => statuses(db, ids),
      (current) => ids.every((id) => current[id] === 'sent'),
      { timeoutMs: 20_000, what: 'both messages sent' },
    );
    // Each receipt is a job committed with its `sent`.
    expect(await receiptJobs(db)).toBe(2);

    // The process goes away before the receipts are due (4 s): in the old sandbox, a timer died with it.
    await apps.splice(0)[0]!.close();

    const second = await boot();
    const restartedDb = second.get(DataSource);
    expect(Object.values(await statuses(restartedDb, ids))).toEqual(['sent', 'sent']);
    await eventually(
      () => statuses(restartedDb, ids),
      (current) => current[ids[0]!] === 'delivered' && current[ids[1]!] === 'failed',
      { timeoutMs: 20_000, what: 'the receipts posted by the restarted app' },
    );
    // The receipt's callback commits its status in a transaction of its own, before the job's row
    // goes with the run's settle: the jobs are done a moment after the statuses show.
    await eventually(
      () => receiptJobs(restartedDb),
      (count) => count === 0,
      { timeoutMs: 10_000, what: 'the receipt jobs done' },
    );
  });
});
