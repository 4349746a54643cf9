import type { EntityManager } from 'typeorm';
import { verify } from '@octokit/webhooks-methods';
import type { ClaimedJob } from '@suite/jobs';
import { generateWebhookSecret } from '../signing';
import type { WebhookResult } from '../sending/send-webhook';
import type { WebhookAttempt, WebhookSender } from '../sending/webhook-sender';
import type { WebhookEntity } from '../webhooks/webhook.entity';
import type { WebhookDeliverJob } from './webhook-deliver.job';
import type { WebhookDeliveriesStore } from './webhook-deliveries.store';
import { secretsAt, webhookDeliverQueue } from './webhook-deliver.queue';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';

const NOW = new Date('2026-11-24T08:00:00Z');
const secret = generateWebhookSecret();
const previous = generateWebhookSecret();

const webhook = (more: Partial<WebhookEntity> = {}) =>
  ({
    id: '7f1c1b8e-0000-4000-8000-000000000001',
    companyId: '42',
    url: 'https://example.com/hooks',
    status: 'active',
    secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    circuitOpenUntil: null,
    ...more,
  }) as WebhookEntity;

const delivery = {
  id: 'd0000000-0000-4000-8000-000000000001',
  companyId: '42',
  webhookId: '7f1c1b8e-0000-4000-8000-000000000001',
  event: 'sms.sent',
  eventId: 'e0000000-0000-4000-8000-000000000001',
  data: { body: 'Hello' },
  occurredAt: NOW,
  status: 'pending',
  attempts: 2,
} as unknown as WebhookDeliveryEntity;

/** The attempt the store wrote in flight (attempt-log.ts): number 3 after two, at the database's time. */
const begun = { id: 'a0000000-0000-4000-8000-000000000003', number: 3, at: new Date('2026-11-24T08:00:05Z') };

const answer: WebhookResult = { statusCode: 200, durationMs: 5, responseBody: 'ok', error: null, retryAfterMs: null };
const job = { id: 'j1', payload: { deliveryId: delivery.id, companyId: '42' }, attempt: 1 } as ClaimedJob<WebhookDeliverJob>;
const options = {
  timeoutMs: 10_000,
  retryDelaysMs: [1_000, 1_000, 1_000, 1_000],
  concurrency: 4,
  perWebhookConcurrency: 2,
  breaker: { failures: 5, cooldownMs: 1_000 },
  pollMs: 1_000,
  stopGraceMs: 5_000,
};

function setup(found: Awaited<ReturnType<WebhookDeliveriesStore['load']>>) {
  const sent: WebhookAttempt[] = [];
  const sender = { send: jest.fn(async (attempt: WebhookAttempt) => (sent.push(attempt), answer)) } as unknown as WebhookSender;
  const store = {
    load: jest.fn(async () => found),
    settle: jest.fn(async () => new Set<string>()),
    abandon: jest.fn(async () => undefined),
    attemptLost: jest.fn(async () => undefined),
  } as unknown as WebhookDeliveriesStore;
  return { queue: webhookDeliverQueue(options, sender, store), sent, store };
}

describe('webhookDeliverQueue', () => {
  it('runs a little longer than one request, holds its lease twice that, two at once per webhook', () => {
    const { queue } = setup(null);
    expect(queue.timeoutMs).toBeGreaterThan(options.timeoutMs);
    expect(queue.leaseMs).toBe(2 * queue.timeoutMs);
    expect(queue.perKeyConcurrency).toBe(2);
    expect(queue.retry).toEqual({ kind: 'fixed', delaysMs: options.retryDelaysMs });
  });

  it('sends the signed body of the attempt the store wrote in flight, timestamped with it, and settles it', async () => {
    const { queue, sent, store } = setup({ delivery, webhook: webhook(), attempt: begun });
    const run = await queue.handle(job, new AbortController().signal);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body.toString('utf8');
    expect(JSON.parse(body)).toMatchObject({ event: 'sms.sent', timestamp: NOW.toISOString(), webhook_id: webhook().id });
    expect(sent[0]!.headers['webhook-id']).toBe(delivery.eventId);
    expect(await verify(secret, body, sent[0]!.headers['x-webhook-signature']!)).toBe(true);
    expect(sent[0]!.headers['webhook-timestamp']).toBe(String(begun.at.getTime() / 1000));
    expect(run).toEqual({ job: job.payload, kind: 'attempt', attempt: { ...begun, result: answer } });
    const manager = {} as EntityManager;
    const final = { ...job, id: 'j2' };
    const jobs = { deleteSql: () => '', ids: ['j1', 'j2'], lockTokens: ['t1', 't2'] };
    await queue.settleMany!(
      manager,
      [
        { job, result: run },
        { job: final, result: null },
      ],
      jobs,
    );
    expect(store.settle).toHaveBeenCalledWith(
      manager,
      [
        { jobId: 'j1', run },
        { jobId: 'j2', run: null },
      ],
      { retryDelaysMs: options.retryDelaysMs, breaker: options.breaker },
      jobs,
    );
  });

  it('holds the delivery back until the reopening when the store made no attempt for it (its circuit was open)', async () => {
    const until = new Date(Date.now() + 60_000);
    const { queue, sent } = setup({ delivery, webhook: webhook({ circuitOpenUntil: until }), attempt: null });
    expect(await queue.handle(job, new AbortController().signal)).toEqual({ job: job.payload, kind: 'deferred', until });
    expect(sent).toEqual([]);
  });

  it('marks the attempt of a run that ended without an answer unknown, and abandons a delivery out of runs', async () => {
    const { queue, store } = setup(null);
    const manager = {} as EntityManager;
    await queue.willRetry!(manager, job, 'shutting down', 1_000);
    expect(store.attemptLost).toHaveBeenCalledWith(manager, job.payload, 'shutting down');
    await queue.failed!(manager, job, 'The worker stopped during the last attempt.');
    expect(store.abandon).toHaveBeenCalledWith(manager, [job.payload]);
  });

  it('sends nothing for a delivery already final, and abandons one whose webhook is gone or disabled', async () => {
    const final = { delivery: { ...delivery, status: 'delivered' } as WebhookDeliveryEntity, webhook: webhook(), attempt: null };
    for (const found of [null, final]) {
      const { queue, sent } = setup(found);
      expect(await queue.handle(job, new AbortController().signal)).toBeNull();
      expect(sent).toEqual([]);
    }
    for (const gone of [null, webhook({ status: 'disabled' })]) {
      const { queue, sent } = setup({ delivery, webhook: gone, attempt: null });
      expect(await queue.handle(job, new AbortController().signal)).toEqual({ job: job.payload, kind: 'webhook_gone' });
      expect(sent).toEqual([]);
    }
    const { queue, store } = setup(null);
    await queue.failed!({} as EntityManager, job, 'the database went away');
    expect(store.abandon).toHaveBeenCalledWith({}, [job.payload]);
  });
});

describe('secretsAt', () => {
  it('signs with the previous secret too until it expires', () => {
    const rotated = webhook({ previousSecret: previous, previousSecretExpiresAt: new Date(NOW.getTime() + 1) });
    expect(secretsAt(rotated, NOW)).toEqual([secret, previous]);
    expect(secretsAt(rotated, new Date(NOW.getTime() + 1))).toEqual([secret]);
    expect(secretsAt(webhook(), NOW)).toEqual([secret]);
  });
});
