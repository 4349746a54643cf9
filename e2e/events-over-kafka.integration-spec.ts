import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { Topics } from '@suite/contracts';
import { newEvent, Outbox, OutboxRelay, physicalTopicName } from '@suite/eventing';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { envelopeIds, produceRaw, readWholeTopic } from './support/kafka-reader';
import { createCompany, dataSourceOf, messagingView, startTwoApps, type TwoApps } from './support/suite-harness';

/**
 * Proof, with real Kafka and PostgreSQL and two different apps (platform produces company
 * events through its outbox; messaging consumes them into its replica through its inbox),
 * that effects happen exactly once whatever the delivery does.
 */
describe('platform → Kafka → messaging', () => {
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  const prefix = uniqueTopicPrefix('e2e');
  const topic = physicalTopicName(prefix, Topics.platformCompany);
  let database: TestDatabase;
  let apps: TwoApps;

  beforeAll(async () => {
    database = await createTestDatabase('e2e_kafka');
    apps = await startTwoApps({ databaseUrl: database.url, kafkaBrokers: brokers, topicPrefix: prefix });
  });

  afterAll(async () => {
    await apps?.close();
    await database?.drop();
  });

  const duplicatesSkipped = async (): Promise<number> => {
    const metric = register.getSingleMetric('eventing_events_duplicates_total');
    const values = (await metric?.get())?.values ?? [];
    return values.filter((v) => v.labels.app === 'messaging').reduce((sum, v) => sum + v.value, 0);
  };

  it('(a) an event committed in platform is consumed exactly once by messaging', async () => {
    const response = await createCompany(apps, 'Acme Roofing').expect(201);
    const id = response.body.data.id as string;
    const view = await eventually(
      () => messagingView(apps, id),
      (v) => v.name === 'Acme Roofing',
      { what: 'replica' },
    );
    expect(view.inbox).toHaveLength(1);
    // Give a stray redelivery time to show up: there must still be exactly one effect.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(messagingView(apps, id)).resolves.toEqual({ name: 'Acme Roofing', inbox: view.inbox });
  });

  it('(b) a relay that died after publishing and before marking republishes; the duplicate changes nothing', async () => {
    const id = (await createCompany(apps, 'Duplicate Ltd').expect(201)).body.data.id as string;
    const first = await eventually(
      () => messagingView(apps, id),
      (v) => v.inbox.length === 1,
      { what: 'first delivery' },
    );
    const before = await duplicatesSkipped();

    // The state a crash between publish and mark leaves behind: published on Kafka, not marked.
    await dataSourceOf(apps.platform).query('UPDATE platform.outbox SET published_at = NULL WHERE subject = $1', [id]);
    await apps.platform.get(OutboxRelay).flush();

    const onKafka = await eventually(
      () => readWholeTopic(brokers, topic),
      (messages) => envelopeIds(messages).filter((eventId) => eventId === first.inbox[0]).length === 2,
      { what: 'the event twice on Kafka' },
    );
    expect(envelopeIds(onKafka).filter((eventId) => eventId === first.inbox[0])).toHaveLength(2);
    await eventually(duplicatesSkipped, (n) => n === before + 1, { what: 'messaging to skip the duplicate' });
    await expect(messagingView(apps, id)).resolves.toEqual({ name: 'Duplicate Ltd', inbox: first.inbox });
  });

  it('(d) poison events land in the DLQ after bounded attempts and later events still flow', async () => {
    const badEnvelope = {
      id: randomUUID(),
      type: 'company.created',
      version: 1,
      occurred_at: new Date().toISOString(),
      company_id: '424242',
      subject: '424242',
      data: { id: '424242' }, // no name: the contract refuses it on every attempt
      traceparent: null,
    };
    await produceRaw(brokers, topic, [
      { key: 'garbage', value: 'this is not an envelope' },
      { key: '424242', value: JSON.stringify(badEnvelope) },
    ]);

    // Every consumer group of the topic parks its own copy (platform now consumes its company
    // events into its authz replica too), so wait for both letters rather than for a count.
    const dlq = await eventually(
      () => readWholeTopic(brokers, `${topic}.dlq`),
      (messages) =>
        ['this is not an envelope', JSON.stringify(badEnvelope)].every((value) => messages.some((m) => m.value === value)),
      { what: 'both dead letters' },
    );
    expect(dlq.map((m) => m.value)).toEqual(expect.arrayContaining(['this is not an envelope', JSON.stringify(badEnvelope)]));
    const handlerFailure = dlq.find((m) => m.value === JSON.stringify(badEnvelope))!;
    expect(handlerFailure.headers['dlq-attempts']).toBe('3');
    expect(handlerFailure.headers['dlq-error']).toContain('name is required');

    const id = (await createCompany(apps, 'After The Poison').expect(201)).body.data.id as string;
    await eventually(
      () => messagingView(apps, id),
      (v) => v.name === 'After The Poison',
      { what: 'a later event' },
    );
    await expect(messagingView(apps, '424242')).resolves.toEqual({ name: null, inbox: [] });
  });

  it('(e) a rolled-back transaction publishes nothing', async () => {
    const eventId = await dataSourceOf(apps.platform)
      .transaction(async (manager) => {
        const [envelope] = await apps.platform.get(Outbox).append(
          manager,
          newEvent('company.created', {
            companyId: '777777',
            subject: '777777',
            data: { id: '777777', name: 'Ghost', parent_company_id: null },
          }),
        );
        throw Object.assign(new Error('rollback'), { eventId: envelope!.id });
      })
      .catch((error: { eventId: string }) => error.eventId);

    // A later committed change is consumed, so anything published before it would have been too.
    const id = (await createCompany(apps, 'Committed After Rollback').expect(201)).body.data.id as string;
    await eventually(
      () => messagingView(apps, id),
      (v) => v.inbox.length === 1,
      { what: 'the committed event' },
    );
    await apps.platform.get(OutboxRelay).flush();

    const outbox = await dataSourceOf(apps.platform).query('SELECT 1 FROM platform.outbox WHERE id = $1', [eventId]);
    expect(outbox).toHaveLength(0);
    expect(envelopeIds(await readWholeTopic(brokers, topic))).not.toContain(eventId);
    await expect(messagingView(apps, '777777')).resolves.toEqual({ name: null, inbox: [] });
  });
});
