import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { eventually } from '@suite/testing';
import {
  startReceiverSuite,
  type TestReceiver,
  type WebhookDispatchTestApp,
  type ReceivedRequest,
  type TestActor,
} from '../testing';

/**
 * What a receiver sees end to end, on real PostgreSQL and Kafka: a rotated secret signs beside the
 * new one until it expires (two `v1,` signatures, either verifies with standardwebhooks; the
 * `x-webhook-signature` is the new secret's), then the new one alone; a 429 with `Retry-After: 3`
 * delays the next attempt past the 1 s schedule; a 302 is not followed and counts as a failure
 * (`HTTP 302 (redirects are failures)` in the delivery_failed event after the fifth).
 */
let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let admin: TestActor;

beforeAll(async () => {
  ({ receiver, suite, admin } = await startReceiverSuite('answers', {
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: '2000',
  }));
}, 120_000);

afterAll(async () => {
  await suite?.stop();
  await receiver?.stop();
});

const createWebhook = (path: string) => suite.createWebhook(admin, `${receiver.base()}${path}`);

/** The Standard Webhooks headers of a request, as standardwebhooks' verify takes them. */
const standardHeaders = (hit: ReceivedRequest) => ({
  'webhook-id': hit.headers['webhook-id'] as string,
  'webhook-timestamp': hit.headers['webhook-timestamp'] as string,
  'webhook-signature': hit.headers['webhook-signature'] as string,
});

const verifiesWith = (secret: string, hit: ReceivedRequest): boolean => {
  try {
    new Webhook(secret).verify(hit.body, standardHeaders(hit));
    return true;
  } catch {
    return false;
  }
};

/** GET /api/webhooks/deliveries/{id}: status and attempts. */
const detail = async (deliveryId: string) =>
  (await suite.request('get', `/api/webhooks/deliveries/${deliveryId}`, await admin.token()).expect(200)).body.data as {
    status: string;
    attempts: Array<{ number: number; status_code: number | null; error: string | null }>;
  };

/** Publishes one event; the webhook's delivery of it once `status` with `attempts` attempts. */
const deliverOne = async (webhookId: string, status: string, attempts: number) => {
  const [eventId] = await suite.publishMessageDelivered(admin.companyId);
  const settled = await eventually(
    async () => (await suite.rowsOf(webhookId)).deliveries.find((delivery) => delivery.event_id === eventId),
    (delivery) => delivery?.status === status && delivery.attempts === attempts,
    { timeoutMs: 60_000, what: `the delivery of ${eventId} to be ${status} after ${attempts} attempts` },
  );
  return { eventId: eventId!, deliveryId: settled!.id };
};

it('signs with the previous secret too until it expires, then with the new one only', async () => {
  const webhook = await createWebhook('/rotated');
  const rotated = await suite.request('post', `/api/webhooks/${webhook.id}/rotate-secret`, await admin.token()).expect(200);
  const { secret: fresh, previous_secret_expires_at: expiresAt } = rotated.body.data as {
    secret: string;
    previous_secret_expires_at: string;
  };
  expect(fresh).not.toBe(webhook.secret);
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

  const during = await deliverOne(webhook.id, 'delivered', 1);
  const [overlap] = receiver.hitsOf('/rotated');
  expect(overlap!.headers['webhook-id']).toBe(during.eventId);
  expect((overlap!.headers['webhook-signature'] as string).split(' ')).toEqual([
    expect.stringMatching(/^v1,/),
    expect.stringMatching(/^v1,/),
  ]);
  expect(verifiesWith(webhook.secret, overlap!)).toBe(true);
  expect(verifiesWith(fresh, overlap!)).toBe(true);
  expect(await verify(fresh, overlap!.body, overlap!.headers['x-webhook-signature'] as string)).toBe(true);
  expect(await verify(webhook.secret, overlap!.body, overlap!.headers['x-webhook-signature'] as string)).toBe(false);

  // The overlap ends: the previous secret's expiry passes.
  await suite.db.query(`UPDATE webhooks.webhooks SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [
    webhook.id,
  ]);
  const after = await deliverOne(webhook.id, 'delivered', 1);
  const [, alone, ...more] = receiver.hitsOf('/rotated');
  expect(more).toEqual([]);
  expect(alone!.headers['webhook-id']).toBe(after.eventId);
  expect((alone!.headers['webhook-signature'] as string).split(' ')).toEqual([expect.stringMatching(/^v1,/)]);
  expect(verifiesWith(fresh, alone!)).toBe(true);
  expect(verifiesWith(webhook.secret, alone!)).toBe(false);
  expect(await verify(fresh, alone!.body, alone!.headers['x-webhook-signature'] as string)).toBe(true);
}, 90_000);

it('waits for the Retry-After of a 429 (3 s) rather than the 1 s schedule, and records the 429', async () => {
  let answered = 0;
  receiver.answer('/busy', (_request, res) => {
    answered++;
    if (answered === 1) res.writeHead(429, { 'retry-after': '3', 'content-type': 'text/plain' }).end('slow down');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  const webhook = await createWebhook('/busy');
  const { eventId, deliveryId } = await deliverOne(webhook.id, 'delivered', 2);

  const [first, second, ...more] = receiver.hitsOf('/busy');
  expect(more).toEqual([]);
  expect([first!.headers['webhook-id'], second!.headers['webhook-id']]).toEqual([eventId, eventId]);
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(3_000);
  const delivery = await detail(deliveryId);
  expect(delivery.status).toBe('delivered');
  expect(delivery.attempts.map(({ number, status_code, error }) => ({ number, status_code, error }))).toEqual([
    // `error` says why an attempt failed, answered or not; a delivered one has none.
    { number: 1, status_code: 429, error: 'HTTP 429' },
    { number: 2, status_code: 200, error: null },
  ]);
  expect((await suite.rowsOf(webhook.id)).webhook).toEqual({ status: 'active', hits: 2 });
}, 90_000);

it('does not follow a 302: the Location gets nothing, each attempt is a failure, retried, the last error says why', async () => {
  receiver.answer('/moved', (_request, res) => {
    res.writeHead(302, { location: `${receiver.base()}/moved-here`, 'content-type': 'text/plain' }).end();
  });
  const webhook = await createWebhook('/moved');
  const { eventId, deliveryId } = await deliverOne(webhook.id, 'failed', 5);

  expect(receiver.hitsOf('/moved').map((hit) => hit.headers['webhook-id'])).toEqual(Array(5).fill(eventId));
  expect(receiver.hitsOf('/moved-here')).toEqual([]);
  const delivery = await detail(deliveryId);
  expect(delivery.attempts.map(({ number, status_code, error }) => ({ number, status_code, error }))).toEqual(
    [1, 2, 3, 4, 5].map((number) => ({ number, status_code: 302, error: 'HTTP 302 (redirects are failures)' })),
  );
  const failures = (await suite.db.query(
    `SELECT envelope->'data'->>'last_error' AS last_error FROM webhooks.outbox WHERE subject = $1 AND type = 'webhook.delivery_failed'`,
    [webhook.id],
  )) as Array<{ last_error: string }>;
  expect(failures).toEqual([{ last_error: 'HTTP 302 (redirects are failures)' }]);
  expect((await suite.rowsOf(webhook.id)).webhook).toEqual({ status: 'failed', hits: 5 });
}, 90_000);
