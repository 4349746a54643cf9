import type { Client } from 'pg';

export interface DrainProgress {
  /** Still `queued` or `sending`. */
  pending: number;
  byStatus: Record<string, number>;
}

export async function drainProgress(client: Client, companyId: string): Promise<DrainProgress> {
  const { rows } = await client.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM messaging.messages WHERE company_id = $1 AND direction = 'outbound' GROUP BY status`,
    [companyId],
  );
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.n]));
  return { pending: (byStatus['queued'] ?? 0) + (byStatus['sending'] ?? 0), byStatus };
}

export interface PacingFigures {
  /** Consecutive hand-offs of one number: intervals measured. */
  intervals: number;
  /** Intervals shorter than 1/rate. */
  violations: number;
  minGapMs: number | null;
  /** gap − 1/rate, ms. */
  meanDeviationMs: number | null;
  p99DeviationMs: number | null;
  /** Per number, (hand-offs − 1) / (last − first hand-off): min, mean, max over the numbers. */
  rate: { min: number; mean: number; max: number } | null;
  firstHandOff: Date | null;
  lastHandOff: Date | null;
  handedOver: number;
}

/** Pacing as the carrier saw it: the gaps between consecutive handed_over_at of each sender number. */
export async function pacingFigures(client: Client, companyId: string, allowedMs: number): Promise<PacingFigures> {
  const { rows } = await client.query<{
    intervals: number;
    violations: number;
    min_gap: number | null;
    mean_dev: number | null;
    p99_dev: number | null;
    first_at: Date | null;
    last_at: Date | null;
    handed_over: number;
  }>(
    `WITH h AS (
       SELECT handed_over_at,
              extract(epoch FROM handed_over_at - lag(handed_over_at) OVER (PARTITION BY from_number ORDER BY handed_over_at)) * 1000 AS gap
         FROM messaging.messages
        WHERE company_id = $1 AND direction = 'outbound' AND handed_over_at IS NOT NULL)
     SELECT count(gap)::int AS intervals,
            count(*) FILTER (WHERE gap < $2)::int AS violations,
            min(gap)::float8 AS min_gap,
            avg(gap - $2)::float8 AS mean_dev,
            (percentile_cont(0.99) WITHIN GROUP (ORDER BY gap - $2))::float8 AS p99_dev,
            min(handed_over_at) AS first_at, max(handed_over_at) AS last_at, count(*)::int AS handed_over
       FROM h`,
    [companyId, allowedMs],
  );
  const { rows: rates } = await client.query<{ min: number; mean: number; max: number }>(
    `SELECT min(r)::float8 AS min, avg(r)::float8 AS mean, max(r)::float8 AS max FROM (
       SELECT (count(*) - 1) / nullif(extract(epoch FROM max(handed_over_at) - min(handed_over_at)), 0) AS r
         FROM messaging.messages
        WHERE company_id = $1 AND direction = 'outbound' AND handed_over_at IS NOT NULL
        GROUP BY from_number HAVING count(*) > 1) AS per_number`,
    [companyId],
  );
  const row = rows[0]!;
  const rate = rates[0];
  return {
    intervals: row.intervals,
    violations: row.violations,
    minGapMs: row.min_gap,
    meanDeviationMs: row.mean_dev,
    p99DeviationMs: row.p99_dev,
    rate: rate && rate.mean !== null ? rate : null,
    firstHandOff: row.first_at,
    lastHandOff: row.last_at,
    handedOver: row.handed_over,
  };
}

export interface ExactlyOnceFigures {
  handedOver: number;
  distinctCarrierIds: number;
  /** Messages claimed more than once (sweeper give-backs, carrier retries). */
  reclaimed: number;
  /** message.sent events in the outbox, and how many distinct messages they name. */
  sentEvents: number;
  sentEventSubjects: number;
}

/**
 * What the database shows of "each message handed over once": one carrier id per handed-over
 * message (the sandbox's id is derived from the message id, unique index), one message.sent
 * event per sent message, and the claims (send_attempts > 1 would mean a second hand-off attempt).
 */
export async function exactlyOnceFigures(client: Client, companyId: string): Promise<ExactlyOnceFigures> {
  const { rows } = await client.query<{ handed_over: number; carrier_ids: number; reclaimed: number }>(
    `SELECT count(*) FILTER (WHERE handed_over_at IS NOT NULL)::int AS handed_over,
            count(DISTINCT carrier_message_id)::int AS carrier_ids,
            count(*) FILTER (WHERE send_attempts > 1)::int AS reclaimed
       FROM messaging.messages WHERE company_id = $1 AND direction = 'outbound'`,
    [companyId],
  );
  const { rows: events } = await client.query<{ n: number; subjects: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT subject)::int AS subjects FROM messaging.outbox WHERE type = 'message.sent'`,
  );
  return {
    handedOver: rows[0]!.handed_over,
    distinctCarrierIds: rows[0]!.carrier_ids,
    reclaimed: rows[0]!.reclaimed,
    sentEvents: events[0]!.n,
    sentEventSubjects: events[0]!.subjects,
  };
}
