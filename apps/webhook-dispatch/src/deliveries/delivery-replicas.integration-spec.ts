import { eventually } from '@suite/testing';
import { TargetResolver, type ResolvedAddress } from '../targets/target-resolver';
import { TestReceiver, TestTargetResolver, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * Two dispatcher replicas on one database, one set of topics and one consumer group, as two pods
 * run: 50 events for four webhooks (200 deliveries) are each sent exactly once (the jobs are
 * claimed with `FOR UPDATE SKIP LOCKED`; a claim is one attempt), every delivery is delivered on its
 * first attempt, at most two requests per webhook are open at once, and both replicas made attempts.
 * Four webhooks rather than one: a worker claims again at its next poll (1 s) unless its last claim
 * filled all its places, so one webhook's backlog drains at about 2 per second per replica (200
 * deliveries to one webhook took 53 s). Which replica made an attempt is seen through its own target
 * resolver: the webhook's host name (`receiver.test`) is resolved once per attempt by the replica
 * making it.
 */
const EVENTS = 50;
/** Four webhooks of the company, each subscribed: 200 deliveries. */
const PATHS = ['/r1', '/r2', '/r3', '/r4'];
const HOST = 'receiver.test';

/** TestTargetResolver, plus `receiver.test` → 127.0.0.1, counted. */
class CountingResolver extends TestTargetResolver {
  lookups = 0;

  override async resolve(hostname: string): Promise<ResolvedAddress[]> {
    if (hostname !== HOST) return super.resolve(hostname);
    this.lookups++;
    return [{ address: '127.0.0.1', family: 4 }];
  }
}

let receiver: TestReceiver;
let first: WebhookDispatchTestApp;
let second: WebhookDispatchTestApp | undefined;
const firstResolver = new CountingResolver();
const secondResolver = new CountingResolver();
let admin: TestActor;

beforeAll(async () => {
  receiver = await TestReceiver.start();
  // A receiver taking a few milliseconds, so attempts overlap and both replicas find work.
  for (const path of PATHS) {
    receiver.answer(path, (_request, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), 5);
    });
  }
  const env = {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: '2000',
    WEBHOOKS_ENDPOINT_CONCURRENCY: '2',
  };
  first = await WebhookDispatchTestApp.start('replicas', env, {
    overrides: [{ provide: TargetResolver, useValue: firstResolver }],
  });
  second = await first.startReplica({}, { overrides: [{ provide: TargetResolver, useValue: secondResolver }] });
  // Both in the consumer group before anything is published: two pods running.
  await Promise.all([first.eventsConsumerJoined(), second.eventsConsumerJoined()]);
  [admin] = await first.company([['manage-webhooks']]);
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await receiver?.stop();
});

it('sends each of 200 deliveries exactly once with two replicas competing, each delivered at its first attempt', async () => {
  const webhooks: Array<{ id: string; path: string }> = [];
  for (const path of PATHS) {
    const created = await first
      .request('post', '/api/webhooks', await admin.token())
      .send({ title: `replicas ${path}`, url: `${receiver.base(HOST)}${path}`, events: ['sms.sent'] })
      .expect(201);
    webhooks.push({ id: (created.body.data as { id: string }).id, path });
  }
  const lookupsBefore = [firstResolver.lookups, secondResolver.lookups];

  const eventIds = await first.publishMessageDelivered(admin.companyId, EVENTS);
  const all = async () =>
    (await Promise.all(webhooks.map((webhook) => first.rowsOf(webhook.id)))).flatMap((rows) => rows.deliveries);
  await eventually(
    all,
    (deliveries) => deliveries.length === EVENTS * PATHS.length && deliveries.every((d) => d.status === 'delivered'),
    {
      timeoutMs: 90_000,
      what: `the ${EVENTS * PATHS.length} deliveries to be delivered`,
    },
  );

  // An attempt is recorded after its answer: anything sent twice has arrived by now.
  for (const { id, path } of webhooks) {
    const { webhook, deliveries } = await first.rowsOf(id);
    const hits = receiver.hitsOf(path);
    const perId = new Map<string, number>();
    for (const hit of hits)
      perId.set(hit.headers['webhook-id'] as string, (perId.get(hit.headers['webhook-id'] as string) ?? 0) + 1);
    expect({ path, twice: [...perId.entries()].filter(([, n]) => n > 1) }).toEqual({ path, twice: [] });
    expect(new Set(perId.keys())).toEqual(new Set(eventIds));
    expect(hits).toHaveLength(EVENTS);
    expect(deliveries.filter((delivery) => delivery.attempts !== 1)).toEqual([]);
    expect(webhook).toEqual({ status: 'active', hits: EVENTS });
    // The per-webhook cap holds across replicas.
    expect(receiver.maxOpenOf(path)).toBeLessThanOrEqual(2);
  }
  const [attempts] = (await first.db.query(
    'SELECT count(*)::int AS n FROM webhooks.webhook_attempts a JOIN webhooks.webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = ANY($1)',
    [webhooks.map((webhook) => webhook.id)],
  )) as Array<{ n: number }>;
  expect(attempts!.n).toBe(EVENTS * PATHS.length);

  // Both replicas made attempts, and together exactly one per delivery.
  const made = [firstResolver.lookups - lookupsBefore[0]!, secondResolver.lookups - lookupsBefore[1]!];
  expect(made[0]! + made[1]!).toBe(EVENTS * PATHS.length);
  expect(Math.min(...made)).toBeGreaterThan(0);
}, 120_000);
