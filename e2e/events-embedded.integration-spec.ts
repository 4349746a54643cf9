import { newEvent, Outbox, OutboxRelay } from '@suite/eventing';
import { createTestDatabase, eventually, type TestDatabase } from '@suite/testing';
import { createCompany, dataSourceOf, messagingView, startTwoApps, type TwoApps } from './support/suite-harness';

/**
 * (f) Embedded mode — no KAFKA_BROKERS: the same outbox and relay deliver in-process, and
 * (a) exactly-once and (e) nothing-on-rollback hold there too.
 */
describe('platform → in-process bus → messaging (embedded mode)', () => {
  let database: TestDatabase;
  let apps: TwoApps;

  beforeAll(async () => {
    database = await createTestDatabase('e2e_embedded');
    apps = await startTwoApps({ databaseUrl: database.url, kafkaBrokers: [], topicPrefix: '' });
  });

  afterAll(async () => {
    await apps?.close();
    await database?.drop();
  });

  it('(a) an event committed in platform is consumed exactly once by messaging', async () => {
    const id = (await createCompany(apps, 'Embedded Co').expect(201)).body.data.id as string;
    const view = await eventually(
      () => messagingView(apps, id),
      (v) => v.name === 'Embedded Co',
      { what: 'replica' },
    );
    expect(view.inbox).toHaveLength(1);

    // Redelivery (the relay republishing an unmarked row) is absorbed by the inbox.
    await dataSourceOf(apps.platform).query('UPDATE platform.outbox SET published_at = NULL WHERE subject = $1', [id]);
    await apps.platform.get(OutboxRelay).flush();
    await expect(messagingView(apps, id)).resolves.toEqual({ name: 'Embedded Co', inbox: view.inbox });
  });

  it('(e) a rolled-back transaction publishes nothing', async () => {
    await expect(
      dataSourceOf(apps.platform).transaction(async (manager) => {
        await apps.platform.get(Outbox).append(
          manager,
          newEvent('company.created', {
            companyId: '888888',
            subject: '888888',
            data: { id: '888888', name: 'Ghost', parent_company_id: null },
          }),
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    const id = (await createCompany(apps, 'After Rollback').expect(201)).body.data.id as string;
    await eventually(
      () => messagingView(apps, id),
      (v) => v.inbox.length === 1,
      { what: 'the committed event' },
    );
    await apps.platform.get(OutboxRelay).flush();
    await expect(dataSourceOf(apps.platform).query("SELECT 1 FROM platform.outbox WHERE subject = '888888'")).resolves.toEqual(
      [],
    );
    await expect(messagingView(apps, '888888')).resolves.toEqual({ name: null, inbox: [] });
  });
});
