import type { EntityManager } from 'typeorm';
import type { ClaimedJob, JobQueue } from '@suite/jobs';
import { webhookBody, webhookSignatureHeaders, type WebhookSecrets } from '../signing';
import type { WebhookSender } from '../sending/webhook-sender';
import type { WebhookEntity } from '../webhooks/webhook.entity';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import {
  WEBHOOK_DELIVER_QUEUE,
  type MadeAttempt,
  type WebhookDeliverJob,
  type WebhookDeliveriesStore,
} from './webhook-deliveries.store';

export interface WebhookDeliverOptions {
  /** WEBHOOKS_TIMEOUT_MS: one request's bound. */
  timeoutMs: number;
  /** WEBHOOKS_RETRY_DELAYS, parsed. */
  retryDelaysMs: readonly number[];
  /** Runs at once per replica. */
  concurrency: number;
  /** Runs at once per webhook across replicas. */
  perWebhookConcurrency: number;
  pollMs: number;
  /** At shutdown, how long running attempts may finish (then they are aborted and retried later). */
  stopGraceMs: number;
}

/** What a run did: an attempt, the delivery gone or final already (null), or its webhook gone or disabled. */
type Run = MadeAttempt | null | 'webhook_gone';

/** Room for reading the rows and resolving the target around the request itself. */
const RUN_OVERHEAD_MS = 5_000;

/**
 * One attempt per job run (issue 14): the run reads the delivery and its webhook, signs the body
 * and sends it; the settling transaction writes the attempt and its consequences, and enqueues the
 * next attempt at its time (the schedule or a later Retry-After), so the jobs' own retries only
 * cover a run that threw (the database away) — on the same schedule. A run is aborted a little
 * after the request's own timeout; its lease is twice that.
 */
export function webhookDeliverQueue(
  options: WebhookDeliverOptions,
  sender: WebhookSender,
  store: WebhookDeliveriesStore,
): JobQueue<WebhookDeliverJob, Run> {
  const timeoutMs = options.timeoutMs + RUN_OVERHEAD_MS;
  return {
    name: WEBHOOK_DELIVER_QUEUE,
    concurrency: options.concurrency,
    perKeyConcurrency: options.perWebhookConcurrency,
    timeoutMs,
    leaseMs: 2 * timeoutMs,
    pollMs: options.pollMs,
    stopGraceMs: options.stopGraceMs,
    retry: { kind: 'fixed', delaysMs: options.retryDelaysMs },
    async handle(job: ClaimedJob<WebhookDeliverJob>): Promise<Run> {
      const found = await store.load(job.payload);
      if (!found || found.delivery.status !== 'pending') return null;
      const { delivery, webhook } = found;
      if (!webhook || webhook.status === 'disabled') return 'webhook_gone';
      const at = new Date();
      const secrets = secretsAt(webhook, at);
      const body = deliveryBody(delivery, webhook, secrets);
      const headers = webhookSignatureHeaders({ eventId: delivery.eventId, attemptAt: at, body, secrets });
      const result = await sender.send({ url: webhook.url, headers: { ...headers }, body: Buffer.from(body, 'utf8') });
      return { number: delivery.attempts + 1, at, result };
    },
    async succeeded(manager: EntityManager, job: ClaimedJob<WebhookDeliverJob>, run: Run): Promise<void> {
      if (run === 'webhook_gone') await store.abandon(manager, job.payload);
      else if (run) await store.record(manager, job.payload, run, options.retryDelaysMs);
    },
    async failed(manager: EntityManager, job: ClaimedJob<WebhookDeliverJob>): Promise<void> {
      await store.abandon(manager, job.payload);
    },
  };
}

/** The secrets that sign now, newest first: the previous one too until it expires (decision 0029). */
export function secretsAt(webhook: WebhookEntity, at: Date): WebhookSecrets {
  const previousValid = webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > at;
  return previousValid ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
}

/** The same bytes on every attempt: the envelope is rebuilt from the delivery's row. */
function deliveryBody(delivery: WebhookDeliveryEntity, webhook: WebhookEntity, secrets: WebhookSecrets): string {
  return webhookBody(
    { event: delivery.event, timestamp: delivery.occurredAt.toISOString(), webhook_id: webhook.id, data: delivery.data },
    secrets,
  );
}
