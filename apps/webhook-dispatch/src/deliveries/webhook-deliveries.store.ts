import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { WebhookAudience, WebhookEventKind, WebhookPayloadMap } from '@suite/contracts';
import { entityTable, openTransactionOf, PreparedStatement, CompanyScopedRepository } from '@suite/database';
import { addToChunkEnd, newEvent, Outbox } from '@suite/eventing';
import { JobsRuntime, type NewJob, type SettlingJobs } from '@suite/jobs';
import { currentTraceparent } from '@suite/observability';
import { ContactReplicaEntity } from '../crm-lists/contact-replica.entity';
import { ListMembershipChangeEntity } from '../crm-lists/list-membership-change.entity';
import { ListReplicaEntity } from '../crm-lists/list-replica.entity';
import type { WebhookResult } from '../sending/send-webhook';
import { WebhookEntity, type WebhookStatus } from '../webhooks/webhook.entity';
import type { AttemptContext } from './attempt-context';
import { AttemptContextLoader } from './attempt-context-loader';
import {
  ATTEMPT_LOST,
  AttemptLog,
  begunAttemptOf,
  type BegunAttempt,
  type SettledDeliveryRow,
  type SettledJobRow,
} from './attempt-log';
import { attemptOutcome, type AttemptOutcome } from './attempt-outcome';
import { ErasedPhoneEntity } from './erased-phone.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WEBHOOK_DELIVER_QUEUE, type WebhookDeliverJob } from './webhook-deliver.job';
import { tallyWebhook, type CircuitBreakerOptions } from './webhook-tally';

/** An event a webhook kind follows from, as the consumer hands it over. */
export interface WebhookEventToDeliver {
  eventId: string;
  companyId: string;
  occurredAt: Date;
  kind: WebhookEventKind;
  data: WebhookPayloadMap[WebhookEventKind];
}

/** An event to fan out: whom it is about decides which list-limited webhooks get it (decision 0036). */
export interface WebhookEventToFanOut extends WebhookEventToDeliver {
  audience: WebhookAudience;
}

/** An event left for the chunk's fan-out, with the trace its handler ran in (its jobs carry it). */
interface FanOutItem extends WebhookEventToFanOut {
  traceparent: string | null;
}

/** The chunk-end work of fan-outs (addToChunkEnd's key). */
const FAN_OUT = {};

/**
 * The `data` a webhook gets (SQL, over `w`, a webhooks row): the event's whole, or only the keys
 * its `fields` name that the event has; stored so, so every attempt and replay sends (and signs)
 * the same narrowed bytes.
 */
const narrowedData = (data: string) =>
  `CASE WHEN cardinality(w.fields) = 0 THEN ${data}
        ELSE (SELECT COALESCE(jsonb_object_agg(f.key, f.value), '{}'::jsonb) FROM jsonb_each(${data}) AS f WHERE f.key = ANY (w.fields))
   END`;

/** One attempt as it was made: its in-flight row, its number (from 1), when, and the answer. */
export interface MadeAttempt extends BegunAttempt {
  result: WebhookResult;
}

/** A settled run of a delivery's job: an attempt made, one held back by an open circuit, or none (final, gone). */
export type SettledRun =
  | { job: WebhookDeliverJob; kind: 'attempt'; attempt: MadeAttempt }
  | { job: WebhookDeliverJob; kind: 'deferred'; until: Date }
  | { job: WebhookDeliverJob; kind: 'webhook_gone' };

/** How attempts move deliveries and webhooks: the retry schedule and the circuit breaker. */
export interface SettlePolicy {
  retryDelaysMs: readonly number[];
  breaker: CircuitBreakerOptions;
}

interface AttemptRow {
  jobId: string;
  deliveryId: string;
  companyId: string;
  attempt: MadeAttempt;
  outcome: AttemptOutcome;
  nextAttemptAt: Date | null;
}

/**
 * The deliveries' rows: one per event and subscribed webhook, their attempts, and how attempts
 * move the delivery and its webhook (attempt-outcome.ts and webhook-tally.ts decide; this writes).
 * The hot path is set-based (decision 0031): a fan-out is one INSERT … SELECT per inbox chunk, an
 * attempt's reads one query, and many attempts are settled by one transaction of a few statements
 * (the jobs' group commit), the webhooks' rows locked once per group, in id order.
 */
@Injectable()
export class WebhookDeliveriesStore {
  private readonly attemptLog: AttemptLog;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    private readonly outbox: Outbox,
  ) {
    this.attemptLog = new AttemptLog(dataSource);
  }

  /**
   * Leaves the event's fan-out (fanOutMany) to the end of the inbox transaction handling it, so a
   * chunk of events is fanned out by one statement and its jobs enqueued by one more, instead of two
   * per event (issue 31). Which webhooks get it does not depend on when in the transaction that
   * runs: list membership, list and contact deletions are read as of the event's own time.
   */
  fanOutAtChunkEnd(manager: EntityManager, event: WebhookEventToFanOut): void {
    addToChunkEnd(manager, FAN_OUT, { ...event, traceparent: currentTraceparent() }, (events) =>
      this.fanOutMany(manager, events),
    );
  }

  /**
   * A delivery and its first attempt's job for every event and every webhook of its company
   * subscribed to its kind (not disabled) and, when limited to a list, one the event is about
   * (decision 0036): a list the event names, or a contact of its audience — named, or of the
   * company with its phone number — whose latest membership fact at or before the event's time is
   * a join, on a list and as a contact neither deleted by then — and not about an erased number
   * from before its erasure (ErasedPhoneEntity, decision 0050). `data` is narrowed to each webhook's
   * `fields`. One statement for the deliveries, one for their jobs (each carrying its event's trace).
   */
  async fanOutMany(manager: EntityManager, events: readonly FanOutItem[]): Promise<number> {
    if (events.length === 0) return 0;
    const deliveries = await records<{ id: string; webhook_id: string; company_id: string; ord: number }>(
      manager,
      `WITH e AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS e(
           ord integer, company_id bigint, kind varchar, event_id uuid, data jsonb, occurred_at timestamptz,
           every_list boolean, list_ids bigint[], contact_ids bigint[], phone varchar)
       ), audience AS (
         SELECT e.ord, a.contact_id FROM e CROSS JOIN LATERAL unnest(e.contact_ids) AS a(contact_id)
         UNION
         SELECT e.ord, r.id FROM e JOIN ${this.table(ContactReplicaEntity)} r ON r.company_id = e.company_id AND r.phone = e.phone
       ), inserted AS (
         INSERT INTO ${this.table(WebhookDeliveryEntity)}
                (id, company_id, webhook_id, event, event_id, data, occurred_at, status, attempts, next_attempt_at)
         SELECT gen_random_uuid(), w.company_id, w.id, e.kind, e.event_id, ${narrowedData('e.data')}, e.occurred_at,
                'pending', 0, now()
           FROM e JOIN ${this.table(WebhookEntity)} w
             ON w.company_id = e.company_id AND w.status <> 'disabled' AND w.events @> ARRAY[e.kind::text]
          WHERE NOT EXISTS (
                  SELECT 1 FROM ${this.table(ErasedPhoneEntity)} x
                   WHERE e.phone IS NOT NULL AND x.company_id = e.company_id
                     AND x.phone_hash = webhooks.erased_phone_hash(e.company_id, e.phone)
                     AND (x.erased_at IS NULL OR e.occurred_at <= x.erased_at))
            AND (w.list_id IS NULL OR e.every_list OR w.list_id = ANY (e.list_ids) OR EXISTS (
                  SELECT 1 FROM audience a
                   WHERE a.ord = e.ord
                     AND NOT EXISTS (SELECT 1 FROM ${this.table(ListReplicaEntity)} l
                                      WHERE l.id = w.list_id AND l.deleted_at <= e.occurred_at)
                     AND NOT EXISTS (SELECT 1 FROM ${this.table(ContactReplicaEntity)} r
                                      WHERE r.company_id = e.company_id AND r.id = a.contact_id AND r.deleted_at <= e.occurred_at)
                     AND (SELECT m.joined FROM ${this.table(ListMembershipChangeEntity)} m
                           WHERE m.company_id = e.company_id AND m.list_id = w.list_id AND m.contact_id = a.contact_id
                             AND m.at <= e.occurred_at
                           ORDER BY m.at DESC, m.joined ASC LIMIT 1)))
         RETURNING id, webhook_id, company_id, event_id
       )
       SELECT i.id, i.webhook_id, i.company_id, e.ord FROM inserted i JOIN e ON e.event_id = i.event_id ORDER BY e.ord, i.webhook_id`,
      [
        JSON.stringify(
          events.map((event, ord) => ({
            ord,
            company_id: event.companyId,
            kind: event.kind,
            event_id: event.eventId,
            data: event.data,
            occurred_at: event.occurredAt.toISOString(),
            every_list: event.audience.everyList,
            list_ids: event.audience.listIds,
            contact_ids: event.audience.contactIds,
            phone: event.audience.phone,
          })),
        ),
      ],
    );
    await this.jobs.enqueue(
      manager,
      deliveries.map((row) =>
        this.job(
          { id: row.id, companyId: String(row.company_id), webhookId: row.webhook_id },
          undefined,
          undefined,
          events[row.ord]!.traceparent,
        ),
      ),
    );
    return deliveries.length;
  }

  /**
   * A test delivery of the event to the webhook (its `data` narrowed to the webhook's fields like
   * any delivery; its list does not apply to a sample), the first attempt's job due now.
   */
  async deliverTest(
    manager: EntityManager,
    webhook: WebhookEntity,
    event: WebhookEventToDeliver,
  ): Promise<WebhookDeliveryEntity> {
    const [created] = await records<{ id: string }>(
      manager,
      `INSERT INTO ${this.table(WebhookDeliveryEntity)}
              (id, company_id, webhook_id, event, event_id, data, occurred_at, status, attempts, next_attempt_at, test)
       SELECT gen_random_uuid(), w.company_id, w.id, $3::varchar, $4::uuid, ${narrowedData('$5::jsonb')}, $6::timestamptz,
              'pending', 0, now(), true
         FROM ${this.table(WebhookEntity)} w WHERE w.company_id = $1 AND w.id = $2
       RETURNING id`,
      [event.companyId, webhook.id, event.kind, event.eventId, JSON.stringify(event.data), event.occurredAt.toISOString()],
    );
    // The caller holds the webhook's row lock: the row the INSERT read is there.
    const delivery = (await CompanyScopedRepository.of(manager, WebhookDeliveryEntity, event.companyId).findOneBy({
      id: created!.id,
    }))!;
    await this.jobs.enqueue(manager, this.job(delivery, undefined, true));
    return delivery;
  }

  /**
   * How long until the webhook may have another test send, in whole seconds; 0 when it may now.
   * At most `limit` in any `windowSeconds`; the caller holds the webhook's row lock, so replicas
   * counting at once wait for each other.
   */
  async testSendWait(manager: EntityManager, webhook: WebhookEntity, limit: number, windowSeconds: number): Promise<number> {
    const [oldest] = await records<{ wait: number }>(
      manager,
      `SELECT GREATEST(1, ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now())))::int AS wait
         FROM ${this.table(WebhookDeliveryEntity)}
        WHERE company_id = $1 AND webhook_id = $2 AND test AND created_at > now() - make_interval(secs => $3)
        ORDER BY created_at DESC OFFSET $4 - 1 LIMIT 1`,
      [webhook.companyId, webhook.id, windowSeconds, limit],
    );
    return oldest?.wait ?? 0;
  }

  /**
   * A final delivery sent again now as a new series of attempts: pending, its attempt count back to
   * 0 (the next attempt is number 1 of the new series; the earlier attempts stay), its first job
   * due now. The caller holds the delivery's row lock.
   */
  async replay(manager: EntityManager, delivery: WebhookDeliveryEntity): Promise<WebhookDeliveryEntity> {
    const deliveries = CompanyScopedRepository.of(manager, WebhookDeliveryEntity, delivery.companyId);
    const replayed = await deliveries.save(
      Object.assign(delivery, { status: 'pending', attempts: 0, nextAttemptAt: new Date() }),
    );
    await this.jobs.enqueue(manager, this.job(replayed, undefined, true));
    return replayed;
  }

  /**
   * The delivery and its webhook (null when deleted), read before an attempt, with the attempt written
   * in flight when one is to be made (attempt-log.ts). The runs a claim starts ask together, so their
   * statements are gathered into one (AttemptContextLoader).
   */
  load(job: WebhookDeliverJob): Promise<AttemptContext | null> {
    return this.contexts.load(job);
  }

  private readonly contexts = new AttemptContextLoader((jobs) => this.loadMany(jobs));

  /**
   * The deliver queue's claim follow-up: `load`'s statement run in the claim's own round trip
   * (issue 31), so a claimed run finds its context, and its attempt already in flight, on its job
   * (`claimedWith`, read by contextOfClaim).
   */
  readonly beginAttemptsOfClaim = { sql: (claimed: string) => this.attemptLog.beginAttemptsOfClaim(claimed) };

  /** A claimed job's row of beginAttemptsOfClaim (null: its delivery is gone) as `load` would answer it. */
  contextOfClaim(row: Record<string, unknown> | null): AttemptContext | null {
    return row ? attemptContextOf(row) : null;
  }

  private async loadMany(jobs: readonly WebhookDeliverJob[]): Promise<Map<string, AttemptContext>> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const rows = await this.attemptLog.beginAttempts(runner, jobs);
      return new Map(rows.map((row) => [row.id as string, attemptContextOf(row)]));
    } finally {
      await runner.release();
    }
  }

  /**
   * A run that ended without an answer (aborted at shutdown or by its timeout, or it threw): its
   * in-flight attempt becomes `unknown`, saying why, and the job's retry makes the next one.
   */
  async attemptLost(manager: EntityManager, job: WebhookDeliverJob, reason: string): Promise<void> {
    await this.attemptLog.markLost(openTransactionOf(manager, 'WebhookDeliveriesStore'), [job], `no answer recorded: ${reason}`);
  }

  /**
   * Deliveries whose webhook was deleted or disabled before the attempt, or whose last run was
   * abandoned: they fail, and an attempt left in flight becomes `unknown`.
   */
  async abandon(manager: EntityManager, jobs: readonly WebhookDeliverJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.attemptLog.markLost(openTransactionOf(manager, 'WebhookDeliveriesStore'), jobs, ATTEMPT_LOST);
    await records(
      manager,
      `UPDATE ${entityTable(this.dataSource, WebhookDeliveryEntity)} d SET status = 'failed', next_attempt_at = NULL, updated_at = now()
         FROM unnest($1::uuid[], $2::bigint[]) AS j(id, company_id)
        WHERE d.id = j.id AND d.company_id = j.company_id AND d.status = 'pending'`,
      [jobs.map((job) => job.deliveryId), jobs.map((job) => job.companyId)],
    );
  }

  /**
   * Writes a group of settled runs (one transaction: the jobs' group commit): the group's job rows
   * still owned go in the attempts' settling statement (one statement for both, issue 31), and for
   * the runs whose job went, the attempts and what follows from them for their deliveries and
   * webhooks, the next attempts' jobs, the outbox events; held-back runs get a job at the circuit's
   * reopening. A run whose claim was lost writes nothing. Returns the ids of the jobs that went.
   */
  async settle(
    manager: EntityManager,
    runs: ReadonlyArray<{ jobId: string; run: SettledRun | null }>,
    policy: SettlePolicy,
    jobs: SettlingJobs,
  ): Promise<ReadonlySet<string>> {
    const attempts = runs.flatMap(({ jobId, run }): AttemptRow[] => {
      if (run?.kind !== 'attempt') return [];
      const outcome = attemptOutcome(run.attempt.result, run.attempt.number, policy.retryDelaysMs);
      const nextAttemptAt = outcome.kind === 'retry' ? retryAt(run.attempt, outcome.delayMs) : null;
      return [
        { jobId, deliveryId: run.job.deliveryId, companyId: run.job.companyId, attempt: run.attempt, outcome, nextAttemptAt },
      ];
    });
    const written = await this.recordAttempts(manager, attempts, jobs);
    const owned = new Set(written.map((row) => String(row.job_id)));
    const ownedRuns = runs.flatMap(({ jobId, run }) => (run && owned.has(jobId) ? [run] : []));
    await this.abandon(
      manager,
      ownedRuns.flatMap((run) => (run.kind === 'webhook_gone' ? [run.job] : [])),
    );
    await this.defer(
      manager,
      ownedRuns.flatMap((run) => (run.kind === 'deferred' ? [run] : [])),
    );
    const settled = new Map(written.flatMap((row) => (row.id === null ? [] : [[row.id, row as SettledDeliveryRow] as const])));
    const rows = attempts.filter((row) => settled.has(row.deliveryId));
    await this.jobs.enqueue(
      manager,
      rows.flatMap((row) => {
        const delivery = settled.get(row.deliveryId)!;
        const job = { id: delivery.id, companyId: delivery.company_id, webhookId: delivery.webhook_id };
        return row.nextAttemptAt ? [this.job(job, row.nextAttemptAt)] : [];
      }),
    );
    await this.followWebhooks(manager, rows, settled, policy.breaker);
    return owned;
  }

  /** Held back by an open circuit: no attempt counted, the next job at the reopening. */
  private async defer(manager: EntityManager, runs: ReadonlyArray<{ job: WebhookDeliverJob; until: Date }>): Promise<void> {
    if (runs.length === 0) return;
    const moved = await records<{ id: string; company_id: string; webhook_id: string; until: Date }>(
      manager,
      `UPDATE ${entityTable(this.dataSource, WebhookDeliveryEntity)} d SET next_attempt_at = j.until, updated_at = now()
         FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) AS j(id, company_id, until)
        WHERE d.id = j.id AND d.company_id = j.company_id AND d.status = 'pending'
       RETURNING d.id, d.company_id, d.webhook_id, j.until`,
      [runs.map((run) => run.job.deliveryId), runs.map((run) => run.job.companyId), runs.map((run) => run.until.toISOString())],
    );
    await this.jobs.enqueue(
      manager,
      moved.map((row) => this.job({ id: row.id, companyId: row.company_id, webhookId: row.webhook_id }, row.until)),
    );
  }

  /**
   * The group's jobs still owned go, and for those the deliveries still pending take their new state
   * and their attempts their answers; one row per job that went, with its delivery and the webhook
   * locked as it now is (one statement: AttemptLog.settle).
   */
  private recordAttempts(manager: EntityManager, rows: readonly AttemptRow[], jobs: SettlingJobs): Promise<SettledJobRow[]> {
    return this.attemptLog.settle(
      openTransactionOf(manager, 'WebhookDeliveriesStore'),
      rows.map((row) => ({
        jobId: row.jobId,
        deliveryId: row.deliveryId,
        companyId: row.companyId,
        number: row.attempt.number,
        deliveryStatus: row.outcome.kind === 'retry' ? 'pending' : row.outcome.kind,
        nextAttemptAt: row.nextAttemptAt,
        attemptId: row.attempt.id,
        outcome: row.outcome.kind === 'delivered' ? 'delivered' : 'failed',
        result: row.attempt.result,
        // An answered failure says why too ("HTTP 302 (redirects are failures)"), not only a failed request.
        error: row.attempt.result.error ?? (row.outcome.kind === 'delivered' ? null : row.outcome.error),
      })),
      jobs,
    );
  }

  /**
   * The webhooks' hits, last hit, status and circuit after the group's attempts (webhook-tally.ts),
   * from their rows as locked by the settling statement; the events; and when a circuit opened, the
   * webhook's waiting jobs move to its reopening.
   */
  private async followWebhooks(
    manager: EntityManager,
    rows: readonly AttemptRow[],
    settled: ReadonlyMap<string, SettledDeliveryRow>,
    breaker: CircuitBreakerOptions,
  ): Promise<void> {
    const byWebhook = new Map<string, { webhook: SettledDeliveryRow; rows: AttemptRow[] }>();
    for (const row of rows) {
      const delivery = settled.get(row.deliveryId)!;
      if (delivery.webhook_status === null) continue; // the webhook is gone: nothing to tally
      const ofWebhook = byWebhook.get(delivery.webhook_id);
      if (ofWebhook) ofWebhook.rows.push(row);
      else byWebhook.set(delivery.webhook_id, { webhook: delivery, rows: [row] });
    }
    const updates = [];
    const events = [];
    for (const [webhookId, { webhook: current, rows: ofWebhook }] of [...byWebhook].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const webhook = {
        id: webhookId,
        company_id: current.webhook_company_id!,
        status: current.webhook_status!,
        consecutive_failures: current.consecutive_failures!,
        circuit_open_until: current.circuit_open_until,
      };
      const ordered = ofWebhook.sort((a, b) => a.attempt.at.getTime() - b.attempt.at.getTime());
      const tally = tallyWebhook(
        {
          status: webhook.status,
          consecutiveFailures: webhook.consecutive_failures,
          circuitOpenUntil: webhook.circuit_open_until,
        },
        ordered.map((row) => ({ at: row.attempt.at, outcome: row.outcome })),
        breaker,
      );
      updates.push({ id: webhook.id, tally });
      for (const row of ordered) {
        if (row.outcome.kind !== 'failed') continue;
        const delivery = settled.get(row.deliveryId)!;
        events.push(
          newEvent('webhook.delivery_failed', {
            companyId: webhook.company_id,
            subject: webhook.id,
            data: {
              company_id: webhook.company_id,
              webhook_id: webhook.id,
              delivery_id: delivery.id,
              event_id: delivery.event_id,
              event: delivery.event,
              attempts: row.attempt.number,
              last_error: row.outcome.error.slice(0, 1024),
              failed_at: row.attempt.at.toISOString(),
            },
          }),
        );
      }
      for (const move of tally.moves) {
        events.push(
          newEvent('webhook.status_changed', {
            companyId: webhook.company_id,
            subject: webhook.id,
            data: {
              company_id: webhook.company_id,
              webhook_id: webhook.id,
              status: move.status,
              previous_status: move.previous,
              reason: move.reason,
              changed_at: move.at.toISOString(),
            },
          }),
        );
      }
      if (tally.circuitOpenedUntil) await this.holdBack(manager, webhook.id, tally.circuitOpenedUntil);
    }
    if (updates.length > 0) {
      await records(
        manager,
        `UPDATE ${entityTable(this.dataSource, WebhookEntity)} w
            SET hits = w.hits + u.hits, last_hit = greatest(w.last_hit, u.last_hit), status = u.status,
                consecutive_failures = u.consecutive_failures, circuit_open_until = u.circuit_open_until
           FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::text[], $5::int[], $6::timestamptz[])
                AS u(id, hits, last_hit, status, consecutive_failures, circuit_open_until)
          WHERE w.id = u.id`,
        [
          updates.map((u) => u.id),
          updates.map((u) => u.tally.hits),
          updates.map((u) => u.tally.lastHit.toISOString()),
          updates.map((u) => u.tally.health.status),
          updates.map((u) => u.tally.health.consecutiveFailures),
          updates.map((u) => u.tally.health.circuitOpenUntil?.toISOString() ?? null),
        ],
      );
    }
    if (events.length > 0) await this.outbox.append(manager, events);
  }

  /** An open circuit: the webhook's waiting deliveries and their jobs move to its reopening. */
  private async holdBack(manager: EntityManager, webhookId: string, until: Date): Promise<void> {
    await this.jobs.postpone(manager, { queue: WEBHOOK_DELIVER_QUEUE, concurrencyKey: webhookId, until });
    await records(
      manager,
      `UPDATE ${entityTable(this.dataSource, WebhookDeliveryEntity)} SET next_attempt_at = $2, updated_at = now()
        WHERE webhook_id = $1 AND status = 'pending' AND next_attempt_at < $2`,
      [webhookId, until.toISOString()],
    );
  }

  private table(entity: new () => object): string {
    return entityTable(this.dataSource, entity);
  }

  private job(
    delivery: { id: string; companyId: string; webhookId: string },
    runAt?: Date,
    manual?: true,
    traceparent: string | null = currentTraceparent(),
  ): NewJob {
    return {
      queue: WEBHOOK_DELIVER_QUEUE,
      payload: {
        deliveryId: delivery.id,
        companyId: delivery.companyId,
        ...(manual ? { manual } : {}),
        ...(traceparent ? { traceparent } : {}),
      } satisfies WebhookDeliverJob,
      concurrencyKey: delivery.webhookId,
      runAt,
    };
  }
}

/**
 * When the next attempt is due: the schedule counts from the attempt's start (`at`, before its
 * request left), a Retry-After that sets the delay counts from the answer (RFC 9110: a wait after the
 * response), i.e. after the request's duration too — else the retry could come sooner than asked
 * by however long the attempt took to leave and be answered.
 */
function retryAt(attempt: MadeAttempt, delayMs: number): Date {
  const { retryAfterMs, durationMs } = attempt.result;
  const fromAnswer = retryAfterMs !== null && retryAfterMs === delayMs ? durationMs : 0;
  return new Date(attempt.at.getTime() + fromAnswer + delayMs);
}

/** A joined row of a delivery and its webhook, as an attempt needs it. */
function attemptContextOf(row: Record<string, unknown>): AttemptContext {
  return {
    attempt: begunAttemptOf(row),
    delivery: {
      id: row.id as string,
      status: row.status as WebhookDeliveryEntity['status'],
      attempts: Number(row.attempts),
      event: row.event as WebhookEventKind,
      eventId: row.event_id as string,
      data: row.data as WebhookDeliveryEntity['data'],
      occurredAt: row.occurred_at as Date,
    },
    webhook:
      row.webhook_id === null
        ? null
        : {
            id: row.webhook_id as string,
            url: row.url as string,
            status: row.webhook_status as WebhookStatus,
            secret: row.secret as string,
            previousSecret: row.previous_secret as string | null,
            previousSecretExpiresAt: row.previous_secret_expires_at as Date | null,
            circuitOpenUntil: row.circuit_open_until as Date | null,
          },
  };
}

/** The store's statements, prepared once per connection (PostgreSQL plans each once, not on every call). */
const statements = new Map<string, PreparedStatement>();
const prepared = (sql: string): PreparedStatement => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = new PreparedStatement('delivery', sql, 'webhooks')));
  return statement;
};

/** A statement's rows (RETURNING included) in the caller's transaction. */
async function records<T>(manager: EntityManager, sql: string, values: unknown[]): Promise<T[]> {
  return (await prepared(sql).run<T>(openTransactionOf(manager, 'WebhookDeliveriesStore'), values)).rows;
}
