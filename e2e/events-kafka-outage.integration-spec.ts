import request from 'supertest';
import { createTestDatabase, eventually, KafkaBroker, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { createCompany, messagingView, platformOutbox, renameCompany, startTwoApps, type TwoApps } from './support/suite-harness';

/**
 * (c) Kafka is down when the change commits: the API keeps answering (writes succeed, readiness
 * stays 200 and says what is wrong), and once the broker is back every event arrives, in order per subject.
 * Uses a broker of its own so stopping it does not disturb other test files.
 */
describe('platform → Kafka outage → messaging', () => {
  let broker: KafkaBroker;
  let database: TestDatabase;
  let apps: TwoApps;

  beforeAll(async () => {
    [broker, database] = await Promise.all([KafkaBroker.start(), createTestDatabase('e2e_outage')]);
    apps = await startTwoApps({
      databaseUrl: database.url,
      kafkaBrokers: broker.brokers,
      topicPrefix: uniqueTopicPrefix('outage'),
    });
  });

  afterAll(async () => {
    await apps?.close();
    await database?.drop();
    await broker?.destroy();
  });

  it('keeps answering while Kafka is down and delivers everything, in order per subject, when it returns', async () => {
    const ids: string[] = [];
    for (const name of ['Alpha', 'Beta', 'Gamma']) ids.push((await createCompany(apps, name).expect(201)).body.data.id);
    await eventually(
      async () => Promise.all(ids.map((id) => messagingView(apps, id))),
      (views) => views.every((view) => view.inbox.length === 1),
      { what: 'the first events' },
    );

    await broker.stop();

    const started = Date.now();
    for (let round = 1; round <= 10; round += 1) {
      for (const id of ids) await renameCompany(apps, id, `company ${id} v${round}`).expect(200);
    }
    // Thirty committed changes with the broker gone, none of them waiting on Kafka.
    expect(Date.now() - started).toBeLessThan(10_000);
    // Still ready — the API serves, the outbox keeps the events — with the broker reported (decision 0039).
    const ready = await eventually(
      async () => request(apps.platform.getHttpServer()).get('/health/ready'),
      (answer) => answer.body.details?.events?.transport?.up === false,
      { what: 'readiness to report the broker unreachable' },
    );
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ degraded: ['events'], details: { database: { status: 'up' }, events: { status: 'up' } } });
    await request(apps.platform.getHttpServer()).get('/health/live').expect(200);

    await broker.restart();

    for (const id of ids) {
      const expectedOrder = await platformOutbox(apps, id);
      expect(expectedOrder).toHaveLength(11);
      const view = await eventually(
        () => messagingView(apps, id),
        (v) => v.inbox.length === 11,
        {
          timeoutMs: 90_000,
          what: `all events of company ${id}`,
        },
      );
      expect(view.inbox).toEqual(expectedOrder);
      expect(view.name).toBe(`company ${id} v10`);
    }
    await eventually(
      async () => (await request(apps.platform.getHttpServer()).get('/health/ready')).body.degraded,
      (degraded) => Array.isArray(degraded) && degraded.length === 0,
      { what: 'readiness to report the broker back' },
    );
  });
});
