import type { DataSource, QueryRunner } from 'typeorm';
import type { SettlingJobs } from '@suite/jobs';
import { entityTable, PreparedStatement } from '@suite/database';
import type { WebhookEventKind } from '@suite/contracts';
import type { WebhookResult } from '../sending/send-webhook';
import { WebhookEntity, type WebhookStatus } from '../webhooks/webhook.entity';
import { WebhookAttemptEntity, type WebhookAttemptOutcome } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** Why an attempt's outcome is `unknown`: the request may have reached the receiver, its answer was never recorded. */
export const ATTEMPT_LOST =
  'no answer recorded: the dispatcher stopped during the attempt; the receiver may have got the request';

/** A delivery's job as the attempt log needs it. */
export interface AttemptJob {
  deliveryId: string;
  companyId: string;
  manual?: true;
}

/** An attempt written as in flight, before its request leaves. */
export interface BegunAttempt {
  id: string;
  /** From 1 in the series; an earlier attempt whose outcome is unknown counts. */
  number: number;
  /** When it began (the database's clock, the same for every replica); the signature's timestamp. */
  at: Date;
}

/** An attempt's answer, with the state its delivery takes, to settle both. */
export interface SettlingAttempt {
  /** The job of the run that made it: nothing is settled unless its row is still owned. */
  jobId: string;
  deliveryId: string;
  companyId: string;
  /** The delivery's attempts after this one, and its status: `pending` while a retry follows. */
  number: number;
  deliveryStatus: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
  attemptId: string;
  outcome: Exclude<WebhookAttemptOutcome, 'in_flight' | 'unknown'>;
  result: WebhookResult;
  /** Why it failed, null when delivered. */
  error: string | null;
}

/** A settled delivery, with its webhook as locked for the tally (webhook fields null when it is gone). */
export interface SettledDeliveryRow {
  id: string;
  company_id: string;
  webhook_id: string;
  event_id: string;
  event: WebhookEventKind;
  webhook_company_id: string | null;
  webhook_status: WebhookStatus | null;
  consecutive_failures: number | null;
  circuit_open_until: Date | null;
}

/** A job a settling group deleted (its claim held), with its settled delivery's fields (null when none). */
export type SettledJobRow = { job_id: string } & (SettledDeliveryRow | { [K in keyof SettledDeliveryRow]: null });

/**
 * Every request a receiver got is in the attempt log (decision 0039): an attempt is written as
 * `in_flight` before its request leaves and settled after, so a dispatcher killed in between leaves
 * a visible attempt, which the next run of the delivery's job marks `unknown` before its own attempt.
 *
 * The in-flight row costs no extra round trip: it is written by the statement that reads what the
 * attempt needs (the delivery and its webhook), one per claim's runs (AttemptContextLoader); the
 * settling transaction updates the row instead of inserting it.
 */
export class AttemptLog {
  private readonly beginSql: (jobs: string, lostReason: string) => string;
  private readonly begin: PreparedStatement;
  private readonly settleSql: (deleteJobs: string) => string;
  /** Built at the first settle: its DELETE names the jobs table, which the queue's SettlingJobs knows. */
  private settleStatement: PreparedStatement | null = null;
  private readonly lose: PreparedStatement;

  constructor(dataSource: DataSource) {
    const attempts = entityTable(dataSource, WebhookAttemptEntity);
    const deliveries = entityTable(dataSource, WebhookDeliveryEntity);
    const webhooks = entityTable(dataSource, WebhookEntity);
    /*
     * One statement, every CTE on the same snapshot: in-flight attempts of these deliveries (a run that
     * died: its lease ran out, so this run has the job) become `unknown` and count in the delivery's
     * attempts; the deliveries and webhooks are read; an attempt that will be made (pending, webhook
     * enabled, circuit closed unless a user asked for it) is written in flight. The rows come back
     * with their attempt, or none (then the run makes no request). The attempt's `at` is the clock's
     * at this statement, not the transaction's start: run with the claim, whose lock and key walk come
     * first, `now()` would date it earlier than its request by their time, and a Retry-After counts from it.
     */
    this.beginSql = (jobs: string, lostReason: string) => `WITH j AS (${jobs}),
       lost AS (
         UPDATE ${attempts} a SET outcome = 'unknown', error = ${lostReason}
           FROM j WHERE a.delivery_id = j.id AND a.company_id = j.company_id AND a.outcome = 'in_flight'
         RETURNING a.delivery_id, a.number),
       lost_per_delivery AS (SELECT delivery_id, max(number) AS number FROM lost GROUP BY delivery_id),
       counted AS (
         UPDATE ${deliveries} d SET attempts = l.number, updated_at = now()
           FROM lost_per_delivery l WHERE d.id = l.delivery_id AND d.attempts < l.number
         RETURNING d.id),
       ctx AS (
         SELECT d.id, d.company_id, d.status, greatest(d.attempts, coalesce(l.number, 0)) AS attempts, d.event, d.event_id,
                d.data, d.occurred_at, w.id AS webhook_id, w.url, w.status AS webhook_status, w.secret, w.previous_secret,
                w.previous_secret_expires_at, w.circuit_open_until, j.manual, j.job_id
           FROM j JOIN ${deliveries} d ON d.id = j.id AND d.company_id = j.company_id
           LEFT JOIN lost_per_delivery l ON l.delivery_id = d.id
           LEFT JOIN ${webhooks} w ON w.id = d.webhook_id AND w.company_id = d.company_id),
       began AS (
         INSERT INTO ${attempts} (id, delivery_id, company_id, number, at, duration_ms, status_code, response_body, error, outcome)
         SELECT gen_random_uuid(), c.id, c.company_id, c.attempts + 1, clock_timestamp(), 0, NULL, '', NULL, 'in_flight' FROM ctx c
          WHERE c.status = 'pending' AND c.webhook_id IS NOT NULL AND c.webhook_status <> 'disabled'
            AND (c.manual OR c.circuit_open_until IS NULL OR c.circuit_open_until <= now())
         RETURNING id, delivery_id, number, at)
       SELECT c.*, b.id AS attempt_id, b.number AS attempt_number, b.at AS attempt_at
         FROM ctx c LEFT JOIN began b ON b.delivery_id = c.id`;
    this.begin = new PreparedStatement(
      'attempt_begin',
      this.beginSql(
        'SELECT NULL::uuid AS job_id, * FROM unnest($1::uuid[], $2::bigint[], $3::bool[]) AS j(id, company_id, manual)',
        '$4',
      ),
      'webhooks',
    );
    /*
     * A settling group in one statement (issue 31): the group's job rows still owned by their claims
     * go (libs/jobs SettlingJobs), the deliveries of those still pending take their new state, their
     * in-flight attempts their answers, and the webhooks of those deliveries are locked in id order
     * (replicas settling at once wait, never deadlock) and read as they now are, for the tally. One
     * row per job deleted (a lost claim's job is not, and nothing is written for it), with its settled
     * delivery when it had one; a delivery whose webhook is gone comes back with no webhook.
     */
    this.settleSql = (deleteJobs: string) => `WITH u AS (
         SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::int[], $4::text[], $5::timestamptz[],
                              $6::uuid[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[], $12::uuid[])
             AS u(id, company_id, number, status, next_attempt_at,
                  attempt_id, outcome, duration_ms, status_code, response_body, error, job_id)),
       gone AS (${deleteJobs}),
       d AS (
         UPDATE ${deliveries} d
            SET attempts = u.number, status = u.status, next_attempt_at = u.next_attempt_at, updated_at = now()
           FROM u JOIN gone ON gone.id = u.job_id
          WHERE d.id = u.id AND d.company_id = u.company_id AND d.status = 'pending'
         RETURNING d.id, d.company_id, d.webhook_id, d.event_id, d.event),
       a AS (
         UPDATE ${attempts} a
            SET outcome = u.outcome, duration_ms = u.duration_ms, status_code = u.status_code,
                response_body = u.response_body, error = u.error
           FROM u JOIN d ON d.id = u.id
          WHERE a.id = u.attempt_id AND a.company_id = u.company_id AND a.outcome = 'in_flight'),
       w AS MATERIALIZED (
         SELECT id, company_id, status, consecutive_failures, circuit_open_until FROM ${webhooks}
          WHERE id IN (SELECT webhook_id FROM d) ORDER BY id FOR UPDATE)
       SELECT g.id AS job_id, d.id, d.company_id, d.webhook_id, d.event_id, d.event, w.company_id AS webhook_company_id,
              w.status AS webhook_status, w.consecutive_failures, w.circuit_open_until
         FROM gone g LEFT JOIN u ON u.job_id = g.id LEFT JOIN d ON d.id = u.id LEFT JOIN w ON w.id = d.webhook_id`;
    this.lose = new PreparedStatement(
      'attempt_lose',
      `WITH lost AS (
         UPDATE ${attempts} a SET outcome = 'unknown', error = $3
           FROM unnest($1::uuid[], $2::bigint[]) AS j(id, company_id)
          WHERE a.delivery_id = j.id AND a.company_id = j.company_id AND a.outcome = 'in_flight'
         RETURNING a.delivery_id, a.number)
       UPDATE ${deliveries} d SET attempts = l.number, updated_at = now()
         FROM (SELECT delivery_id, max(number) AS number FROM lost GROUP BY delivery_id) l
        WHERE d.id = l.delivery_id AND d.attempts < l.number`,
      'webhooks',
    );
  }

  /** The rows of `jobs` (delivery joined with its webhook), each with its attempt when one is to be made. */
  async beginAttempts(runner: QueryRunner, jobs: readonly AttemptJob[]): Promise<Array<Record<string, unknown>>> {
    const { rows } = await this.begin.run<Record<string, unknown>>(runner, [
      jobs.map((job) => job.deliveryId),
      jobs.map((job) => job.companyId),
      jobs.map((job) => job.manual === true),
      ATTEMPT_LOST,
    ]);
    return rows;
  }

  /**
   * `beginAttempts` as the deliver queue's claim follow-up (libs/jobs `ClaimFollowUp`): the same
   * statement over the jobs a claim just took, in the claim's round trip and transaction, so the
   * attempts are in flight when the claim returns; each row carries its `job_id`.
   */
  beginAttemptsOfClaim(claimed: string): string {
    return this.beginSql(
      `SELECT c.job_id, (c.payload->>'deliveryId')::uuid AS id, (c.payload->>'companyId')::bigint AS company_id,
              coalesce((c.payload->>'manual')::boolean, false) AS manual
         FROM ${claimed} c`,
      `'${ATTEMPT_LOST}'`,
    );
  }

  /**
   * Settles a group in the caller's transaction: its job rows still owned go (`jobs`), and for those
   * the deliveries still pending and their attempts (one begun by this run; an attempt already marked
   * unknown stays so). One row per job deleted, with its settled delivery (null fields when none),
   * and the delivery's webhook as now locked (null fields when the webhook is gone).
   */
  async settle(runner: QueryRunner, rows: readonly SettlingAttempt[], jobs: SettlingJobs): Promise<SettledJobRow[]> {
    if (jobs.ids.length === 0) return [];
    this.settleStatement ??= new PreparedStatement('attempt_settle', this.settleSql(jobs.deleteSql('$13', '$14')), 'webhooks');
    const { rows: settled } = await this.settleStatement.run<SettledJobRow>(runner, [
      rows.map((row) => row.deliveryId),
      rows.map((row) => row.companyId),
      rows.map((row) => row.number),
      rows.map((row) => row.deliveryStatus),
      rows.map((row) => row.nextAttemptAt?.toISOString() ?? null),
      rows.map((row) => row.attemptId),
      rows.map((row) => row.outcome),
      rows.map((row) => row.result.durationMs),
      rows.map((row) => row.result.statusCode),
      rows.map((row) => row.result.responseBody),
      rows.map((row) => row.error),
      rows.map((row) => row.jobId),
      jobs.ids,
      jobs.lockTokens,
    ]);
    return settled;
  }

  /** The in-flight attempts of these deliveries become `unknown` (the run ended without an answer: aborted, abandoned). */
  async markLost(runner: QueryRunner, jobs: readonly AttemptJob[], reason: string): Promise<void> {
    if (jobs.length === 0) return;
    await this.lose.run(runner, [jobs.map((job) => job.deliveryId), jobs.map((job) => job.companyId), reason]);
  }
}

/** The attempt a row of `beginAttempts` carries, or null when no request is to be made. */
export function begunAttemptOf(row: Record<string, unknown>): BegunAttempt | null {
  if (row.attempt_id === null || row.attempt_id === undefined) return null;
  return { id: row.attempt_id as string, number: Number(row.attempt_number), at: row.attempt_at as Date };
}
