import type { Client } from 'pg';
import { percentile } from '../bench-stats';
import type { CreatedContactEvent } from './contact-events-seed';
import { BENCH_TAG } from './workflow-workspace';

/** Where a load's runs are: a schema's workflow tables, the company, the contacts the load created. */
export interface RunScope {
  schema: string;
  companyId: string;
  events: readonly CreatedContactEvent[];
}

export interface RunFigures {
  runs: number;
  completed: number;
  startedPerSecond: number;
  completedPerSecond: number;
  firstStepP50Ms: number;
  firstStepP99Ms: number;
  /** From the first event's occurred_at to the last run's finished_at. */
  allDoneSeconds: number;
  /** Contacts of the load without the workflow's tag. */
  untagged: number;
}

const contactRange = (events: readonly CreatedContactEvent[]) => {
  const ids = events.map((event) => BigInt(event.contactId));
  const sorted = ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [String(sorted[0]), String(sorted[sorted.length - 1])];
};

/**
 * Resolves once every contact of the load has a run that ended (completed, failed, cancelled or
 * skipped); throws when nothing moved for `stallMs` (an engine that stopped) or `alive` says the
 * target died.
 */
export async function waitForRuns(client: Client, scope: RunScope, stallMs: number, alive: () => string | null): Promise<void> {
  const [low, high] = contactRange(scope.events);
  let last = '';
  let lastChange = Date.now();
  for (;;) {
    const { rows } = await client.query<{ runs: number; ended: number }>(
      `SELECT count(*)::int AS runs, count(*) FILTER (WHERE status IN ('completed', 'failed', 'cancelled', 'skipped'))::int AS ended
         FROM ${scope.schema}.workflow_runs WHERE company_id = $1 AND contact_id BETWEEN $2 AND $3`,
      [scope.companyId, low, high],
    );
    const { runs, ended } = rows[0]!;
    if (ended >= scope.events.length) return;
    const dead = alive();
    if (dead) throw new Error(dead);
    const progress = `${runs}/${ended}`;
    if (progress !== last) {
      last = progress;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > stallMs) {
      throw new Error(
        `${scope.schema}: runs stalled at ${runs} started and ${ended} ended of ${scope.events.length} for ${stallMs / 1000} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The figures of a load from the rows it left: started/s over the span of the runs' started_at (the
 * database's clock at the run's insert), completed/s over the span of the completed runs'
 * finished_at, each event's latency to its run's first step (the step row's started_at, the
 * engine's clock, minus the envelope's occurred_at), and the tag on every contact.
 */
export async function runFigures(client: Client, scope: RunScope): Promise<RunFigures> {
  const [low, high] = contactRange(scope.events);
  const { rows } = await client.query<{
    event: string;
    status: string;
    started: number;
    finished: number | null;
    first_step: number | null;
  }>(
    `SELECT r.trigger_event_id AS event, r.status, extract(epoch FROM r.started_at) * 1000 AS started,
            extract(epoch FROM r.finished_at) * 1000 AS finished, extract(epoch FROM s.started_at) * 1000 AS first_step
       FROM ${scope.schema}.workflow_runs AS r
       LEFT JOIN ${scope.schema}.workflow_run_steps AS s ON s.run_id = r.id AND s.step = 1
      WHERE r.company_id = $1 AND r.contact_id BETWEEN $2 AND $3`,
    [scope.companyId, low, high],
  );
  const occurred = new Map(scope.events.map((event) => [event.eventId, event.occurredAtMs]));
  const completed = rows.filter((row) => row.status === 'completed');
  const started = rows.map((row) => Number(row.started));
  const finished = completed.map((row) => Number(row.finished));
  const latencies = rows
    .filter((row) => row.first_step !== null && occurred.has(row.event))
    .map((row) => Number(row.first_step) - occurred.get(row.event)!);
  const perSecond = (count: number, values: number[]) =>
    values.length < 2 ? 0 : (count * 1000) / Math.max(1, Math.max(...values) - Math.min(...values));
  const { rows: tags } = await client.query<{ untagged: number }>(
    `SELECT count(*)::int AS untagged FROM ${scope.schema}.contacts
      WHERE company_id = $1 AND id BETWEEN $2 AND $3 AND NOT ($4 = ANY(tags))`,
    [scope.companyId, low, high, BENCH_TAG],
  );
  return {
    runs: rows.length,
    completed: completed.length,
    startedPerSecond: perSecond(rows.length, started),
    completedPerSecond: perSecond(completed.length, finished),
    firstStepP50Ms: percentile(latencies, 50),
    firstStepP99Ms: percentile(latencies, 99),
    allDoneSeconds: (Math.max(...finished) - Math.min(...occurred.values())) / 1000,
    untagged: tags[0]!.untagged,
  };
}
