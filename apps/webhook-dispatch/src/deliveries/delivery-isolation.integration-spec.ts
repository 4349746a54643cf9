import type { ServerResponse } from 'node:http';
import { eventually } from '@suite/testing';
import { answerOk, TestReceiver, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * A hanging endpoint beside a healthy one, in one company: webhook A's receiver never answers
 * (until the 20 s timeout), webhook B's answers 200 at once. 20 events for both: all of B's are
 * delivered while A's first requests are still open — long before a dispatcher blocked behind A
 * could have sent anything to B (20 s) — and A never has more than two requests open at once (the
 * per-webhook cap, WEBHOOKS_ENDPOINT_CONCURRENCY=2 here, beside the replica's 64 places).
 */
const EVENTS = 20;
const TIMEOUT_MS = 20_000;

let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let admin: TestActor;
/** The responses A's receiver holds. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  receiver = await TestReceiver.start();
  receiver.answer('/hanging', (_request, res) => held.push(res));
  suite = await WebhookDispatchTestApp.start('isolation', {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOKS_ENDPOINT_CONCURRENCY: '2',
  });
  [admin] = await suite.company([['manage-webhooks']]);
}, 120_000);

afterAll(async () => {
  // Let A's held attempts end now rather than at their timeout, so the app stops without waiting.
  receiver?.answer('/hanging', answerOk);
  for (const res of held) if (!res.writableEnded) res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  await suite?.stop();
  await receiver?.stop();
});

const createWebhook = (path: string) => suite.createWebhook(admin, `${receiver.base()}${path}`);

it('delivers everything to a healthy webhook while another one of the company hangs, two requests open at most', async () => {
  const hanging = await createWebhook('/hanging');
  const healthy = await createWebhook('/healthy');
  const publishedAt = Date.now();
  await suite.publishMessageDelivered(admin.companyId, EVENTS);

  await eventually(
    async () => (await suite.rowsOf(healthy.id)).deliveries,
    (deliveries) => deliveries.length === EVENTS && deliveries.every((delivery) => delivery.status === 'delivered'),
    { timeoutMs: 60_000, what: `the healthy webhook's ${EVENTS} deliveries` },
  );
  const deliveredAfterMs = Date.now() - publishedAt;
  // Before A's first attempt could time out: nothing of B waited for A.
  expect(deliveredAfterMs).toBeLessThan(TIMEOUT_MS);
  expect(receiver.hitsOf('/healthy')).toHaveLength(EVENTS);
  expect((await suite.rowsOf(healthy.id)).webhook).toEqual({ status: 'active', hits: EVENTS });

  // A: its first two requests are still open, no attempt recorded, the other deliveries waiting.
  const { webhook: a, deliveries } = await suite.rowsOf(hanging.id);
  expect(deliveries).toHaveLength(EVENTS);
  expect(deliveries.filter((delivery) => delivery.status !== 'pending' || delivery.attempts !== 0)).toEqual([]);
  expect(a).toEqual({ status: 'active', hits: 0 });
  expect(receiver.hitsOf('/hanging')).toHaveLength(2);
  expect(receiver.openOf('/hanging')).toBe(2);
  expect(receiver.maxOpenOf('/hanging')).toBe(2);
}, 90_000);
