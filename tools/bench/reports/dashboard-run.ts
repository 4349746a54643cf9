import autocannon from 'autocannon';
import type { Client } from 'pg';
import { percentile } from '../bench-stats';
import { presetWindow } from './preset-windows';
import type { Preset } from './reports-settings';

export interface LatencyFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

/** `count` sequential GET /api/dashboard/business?range=<preset>, each timed to its whole body; any non-200 throws. */
export async function timeDashboard(
  appUrl: string,
  token: () => Promise<string>,
  preset: Preset,
  count: number,
): Promise<LatencyFigures & { body: unknown }> {
  const headers = { authorization: `Bearer ${await token()}` };
  const url = `${appUrl}/api/dashboard/business?range=${preset}`;
  const times: number[] = [];
  let body: unknown;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
    if (i === 0) body = JSON.parse(text);
  }
  return { requests: count, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), body };
}

/**
 * The dashboard's figures as plain SQL, as the platform's dashboard-queries.ts computes them:
 * leads by day and source, bookings by day (not cancelled), outbound call aggregates, texts by
 * status, spend per account.
 */
export function baselineStatements(companyId: string, preset: Preset): Array<{ label: string; sql: string; params: unknown[] }> {
  const { start, end } = presetWindow(preset, new Date());
  const window = [companyId, start, end];
  return [
    {
      label: 'leads by day and source',
      sql: `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, source, count(*)::int AS n FROM platform.contacts
             WHERE company_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1, 2`,
      params: window,
    },
    {
      label: 'bookings by day',
      sql: `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM platform.appointments
             WHERE company_id = $1 AND created_at >= $2 AND created_at < $3 AND status <> 'cancelled' GROUP BY 1`,
      params: window,
    },
    {
      label: 'outbound calls',
      sql: `SELECT count(*)::int AS placed, count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS connected,
                   coalesce(sum(duration_seconds), 0)::text AS seconds
              FROM platform.calls WHERE company_id = $1 AND direction = 'outbound' AND started_at >= $2 AND started_at < $3`,
      params: window,
    },
    {
      label: 'texts by status',
      sql: `SELECT count(*) FILTER (WHERE status IN ('sent', 'delivered', 'failed'))::int AS sent,
                   count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM platform.sms_messages WHERE company_id = $1 AND created_at >= $2 AND created_at < $3`,
      params: window,
    },
    {
      label: 'spend per account',
      sql: `SELECT ad_account_id, sum(amount)::text AS spend FROM platform.ad_spend_days
             WHERE company_id = $1 AND day >= $2::date AND day < $3::date GROUP BY 1`,
      params: [companyId, start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)],
    },
  ];
}

/**
 * baselineStatements over one pg client, one after another, `count` times: the floor the
 * route's latency compares with (no HTTP, auth, framework, company lookup or JSON).
 */
export async function timeBaseline(client: Client, companyId: string, preset: Preset, count: number): Promise<LatencyFigures> {
  const statements = baselineStatements(companyId, preset);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    for (const { sql, params } of statements) await client.query(sql, params);
    times.push(performance.now() - started);
  }
  return { requests: count, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}

/** Where a preset's time goes: each baseline statement's EXPLAIN (ANALYZE, BUFFERS) — execution time, rows, the scan. */
export async function explainBaseline(client: Client, companyId: string, preset: Preset): Promise<string[]> {
  const lines: string[] = [];
  for (const { label, sql, params } of baselineStatements(companyId, preset)) {
    const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map(
      (row: Record<string, string>) => row['QUERY PLAN']!,
    );
    const scan =
      plan
        .find((line) => /Scan/.test(line))
        ?.trim()
        .replace(/\s+\(cost=[^)]*\)/, '') ?? '?';
    const execution = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
    // An index-only scan still reads the heap for rows on pages the visibility map does not mark all-visible.
    const heapFetches = plan.find((line) => /Heap Fetches/.test(line))?.trim();
    const buffers = plan.find((line) => /Buffers:/.test(line))?.trim();
    lines.push(
      `${label.padEnd(24)} ${execution.padStart(12)}  ${scan}${heapFetches ? `; ${heapFetches}` : ''}${buffers ? `; ${buffers}` : ''}`,
    );
  }
  return lines;
}

/** A short closed-loop burst (`connections` clients) on one preset: throughput and latency under a little concurrency. */
export async function dashboardBurst(
  appUrl: string,
  token: string,
  preset: Preset,
  options: { connections: number; seconds: number },
): Promise<{ requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number }> {
  const result = await autocannon({
    url: `${appUrl}/api/dashboard/business?range=${preset}`,
    headers: { authorization: `Bearer ${token}` },
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
