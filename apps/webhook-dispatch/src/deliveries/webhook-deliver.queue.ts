import type { EntityManager } from 'typeorm';
import { defineQueue, fixedRetry, type ClaimedJob, type JobQueue, type SettlingJobs, type SucceededRun } from '@suite/jobs';
import { inChildSpan } from '@suite/telemetry';
import { webhookBody, webhookSignatureHeaders, type WebhookSecrets } from '../signing';
import type { WebhookSender } from '../sending/webhook-sender';
import type { WebhookEntity } from '../webhooks/webhook.entity';
import type { AttemptContext } from './attempt-context';
import { WEBHOOK_DELIVER_QUEUE, type WebhookDeliverJob } from './webhook-deliver.job';
import type { SettledRun, WebhookDeliveriesStore } from './webhook-deliveries.store';
import type { CircuitBreakerOptions } from './webhook-tally';

export interface WebhookDeliverOptions {
  /** WEBHOOKS_TIMEOUT_MS: one request's bound. */
  timeoutMs: number;
  /** WEBHOOKS_RETRY_DELAYS, parsed. */
  retryDelaysMs: readonly number[];
  /** WEBHOOKS_CONCURRENCY: attempts at once per replica. */
  concurrency: number;
  /** WEBHOOKS_ENDPOINT_CONCURRENCY: attempts at once per webhook across replicas. */
  perWebhookConcurrency: number;
  /** The circuit breaker per webhook (webhook-tally.ts). */
  breaker: CircuitBreakerOptions;
  pollMs: number;
  /** At shutdown, how long running attempts may finish (then they are aborted and retried later). */
  stopGraceMs: number;
}

/** What a run did: an attempt, one held back by the circuit, the webhook gone or disabled, or nothing (final already). */
type Run = SettledRun | null;

/** Room for reading the rows and resolving the target around the request itself. */
const RUN_OVERHEAD_MS = 5_000;

/**
 * One attempt per job run (issue 14): the run reads the delivery and its webhook, signs the body
 * and sends it; the settling transaction — shared by every run that finished meanwhile (the jobs'
 * group commit, `settleMany`) — writes the attempts and their consequences, and enqueues each
 * next attempt at its time (the schedule or a later Retry-After), so the jobs' own retries only
 * cover a run that threw (the database away) — on the same schedule. A run is aborted a little
 * after the request's own timeout; its lease is twice that. While the webhook's circuit is open,
 * a run sends nothing and its delivery waits for the reopening (replays and tests go through).
 */
export function webhookDeliverQueue(
  options: WebhookDeliverOptions,
  sender: WebhookSender,
  store: WebhookDeliveriesStore,
): JobQueue<WebhookDeliverJob, Run> {
  const timeoutMs = options.timeoutMs + RUN_OVERHEAD_MS;
  const policy = { retryDelaysMs: options.retryDelaysMs, breaker: options.breaker };
  const { concurrency, perWebhookConcurrency: perKeyConcurrency, pollMs, stopGraceMs } = options;
  const pace = { concurrency, perKeyConcurrency, timeoutMs, pollMs, stopGraceMs, retry: fixedRetry(options.retryDelaysMs) };
  return defineQueue(WEBHOOK_DELIVER_QUEUE, pace, {
    // The claim writes the attempts in flight (when one is to be made) in its own round trip: from then on, the request is in the log.
    claimFollowUp: store.beginAttemptsOfClaim,
    async handle(job: ClaimedJob<WebhookDeliverJob>): Promise<Run> {
      // A run not claimed with its follow-up (claimedWith absent) reads, and writes its attempt in flight, itself.
      const found = job.claimedWith === undefined ? await store.load(job.payload) : store.contextOfClaim(job.claimedWith);
      if (!found || found.delivery.status !== 'pending') return null;
      const { delivery, webhook, attempt } = found;
      if (!webhook || webhook.status === 'disabled') return { job: job.payload, kind: 'webhook_gone' };
      // No attempt for a pending delivery of an enabled webhook: its circuit was open (the database's clock).
      if (!attempt) return { job: job.payload, kind: 'deferred', until: webhook.circuitOpenUntil ?? new Date() };
      const secrets = secretsAt(webhook, attempt.at);
      const body = deliveryBody(delivery, webhook.id, secrets);
      const headers = webhookSignatureHeaders({ eventId: delivery.eventId, attemptAt: attempt.at, body, secrets });
      // With tracing on, a span in the trace that caused the delivery; the HTTP instrumentation's request span sits under it.
      const result = await inChildSpan(
        job.payload.traceparent,
        `webhook attempt ${delivery.event}`,
        'internal',
        { 'webhook.id': webhook.id, 'webhook.delivery.id': delivery.id },
        () => sender.send({ url: webhook.url, headers: { ...headers }, body: Buffer.from(body, 'utf8') }),
      );
      return { job: job.payload, kind: 'attempt', attempt: { ...attempt, result } };
    },
    // The group's job rows go in the attempts' settling statement (issue 31): one statement less per group.
    async settleMany(
      manager: EntityManager,
      runs: ReadonlyArray<SucceededRun<WebhookDeliverJob, Run>>,
      jobs: SettlingJobs,
    ): Promise<ReadonlySet<string>> {
      return store.settle(
        manager,
        runs.map(({ job, result }) => ({ jobId: job.id, run: result })),
        policy,
        jobs,
      );
    },
    // A run that threw or was aborted (shutdown, its timeout) made no answer to record: its attempt is unknown.
    async willRetry(manager: EntityManager, job: ClaimedJob<WebhookDeliverJob>, error: string): Promise<void> {
      await store.attemptLost(manager, job.payload, error);
    },
    async failed(manager: EntityManager, job: ClaimedJob<WebhookDeliverJob>): Promise<void> {
      await store.abandon(manager, [job.payload]);
    },
  });
}

/** The secrets that sign now, newest first: the previous one too until it expires (decision 0029). */
export function secretsAt(
  webhook: Pick<WebhookEntity, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  at: Date,
): WebhookSecrets {
  const previousValid = webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > at;
  return previousValid ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
}

/** The same bytes on every attempt: the envelope is rebuilt from the delivery's row. */
function deliveryBody(delivery: AttemptContext['delivery'], webhookId: string, secrets: WebhookSecrets): string {
  return webhookBody(
    { event: delivery.event, timestamp: delivery.occurredAt.toISOString(), webhook_id: webhookId, data: delivery.data },
    secrets,
  );
}
