/**
 * The durable baseline of `npm run bench:webhooks`, its own process (forked by durable-baseline.ts):
 * what a webhook delivery must do to survive a crash at any point, in bare SQL with no framework —
 * the floor the app's pipeline is held to (app ≥ 0.5× this). Beside it the no-database baseline
 * (baseline-process.ts) stays the physical limit.
 *
 * - Record: per Kafka batch, one statement takes each event once (an inbox keyed by the event id:
 *   Kafka redelivers after a rebalance), writes its delivery and its due job; the batch's offsets are
 *   committed only after it (kafkajs, after eachBatch).
 * - Claim: a worker takes up to CLAIM due jobs (FOR UPDATE SKIP LOCKED, leased for a minute) and
 *   writes their attempts as in flight in the same statement — a crash after the POST leaves a
 *   visible attempt, as the app's attempt log does.
 * - Settle: after the POSTs, one statement records each attempt's answer, marks the deliveries
 *   delivered and deletes their jobs (a failed POST is due again in 5 s).
 *
 * Left out, being the app's and not durability's: signing, per-endpoint places and backoff, the
 * filters and read models, the API. Env: BASELINE_BROKERS, BASELINE_TOPIC, BASELINE_GROUP,
 * BASELINE_RECEIVER_URL, BASELINE_PATHS, BASELINE_CONCURRENCY (POSTs in flight), BASELINE_DATABASE_URL,
 * BASELINE_SCHEMA (created here, dropped on the way out), BASELINE_WORKERS. Says 'ready' over IPC
 * once consuming with its connections open; stops when the parent disconnects.
 */
import { Kafka, logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { BaselinePoster, baselinePathOf } from './baseline-poster';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`durable-baseline-process: ${name} is required`);
  return value;
};
const paths = JSON.parse(env('BASELINE_PATHS')) as Record<string, string>;
const concurrency = Number(env('BASELINE_CONCURRENCY'));
const workers = Number(env('BASELINE_WORKERS'));
const claimSize = Math.max(1, Math.ceil(concurrency / workers));
const schema = env('BASELINE_SCHEMA');
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('durable-baseline-process: BASELINE_SCHEMA must be a plain identifier');
const poster = new BaselinePoster(new URL(env('BASELINE_RECEIVER_URL')), concurrency);
// The workers' connections, one for the consumer's inserts and one for set-up and the drop.
const pool = new Pool({ connectionString: env('BASELINE_DATABASE_URL'), max: workers + 2 });

const TABLES = `
  CREATE SCHEMA ${schema};
  CREATE TABLE ${schema}.inbox (event_id uuid PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE ${schema}.deliveries (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, event_id uuid NOT NULL, path text NOT NULL, body text NOT NULL,
    status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now(), settled_at timestamptz);
  CREATE TABLE ${schema}.jobs (delivery_id bigint PRIMARY KEY, due_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz);
  CREATE INDEX ON ${schema}.jobs (due_at);
  CREATE TABLE ${schema}.attempts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, delivery_id bigint NOT NULL, outcome text NOT NULL DEFAULT 'in_flight',
    status integer, started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz);
  CREATE INDEX ON ${schema}.attempts (delivery_id);`;

const RECORD = `
  WITH e AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) AS e(event_id, path, body)),
  fresh AS (INSERT INTO ${schema}.inbox (event_id) SELECT event_id FROM e ON CONFLICT DO NOTHING RETURNING event_id),
  d AS (
    INSERT INTO ${schema}.deliveries (event_id, path, body)
    SELECT e.event_id, e.path, e.body FROM e JOIN fresh USING (event_id) RETURNING id)
  INSERT INTO ${schema}.jobs (delivery_id) SELECT id FROM d`;

const CLAIM = `
  WITH c AS (
    UPDATE ${schema}.jobs j SET locked_until = now() + interval '1 minute'
     WHERE j.delivery_id IN (
       SELECT delivery_id FROM ${schema}.jobs
        WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING j.delivery_id),
  a AS (INSERT INTO ${schema}.attempts (delivery_id) SELECT delivery_id FROM c RETURNING id, delivery_id)
  SELECT a.id AS attempt_id, d.id AS delivery_id, d.event_id, d.path, d.body
    FROM a JOIN ${schema}.deliveries d ON d.id = a.delivery_id`;

const SETTLE = `
  WITH r AS (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[]) AS r(attempt_id, delivery_id, status)),
  a AS (
    UPDATE ${schema}.attempts t SET status = r.status, finished_at = now(),
           outcome = CASE WHEN r.status BETWEEN 200 AND 299 THEN 'delivered' ELSE 'failed' END
      FROM r WHERE t.id = r.attempt_id),
  d AS (
    UPDATE ${schema}.deliveries t SET status = 'delivered', settled_at = now()
      FROM r WHERE t.id = r.delivery_id AND r.status BETWEEN 200 AND 299),
  gone AS (DELETE FROM ${schema}.jobs t USING r WHERE t.delivery_id = r.delivery_id AND r.status BETWEEN 200 AND 299)
  UPDATE ${schema}.jobs t SET locked_until = NULL, due_at = now() + interval '5 seconds'
    FROM r WHERE t.delivery_id = r.delivery_id AND NOT (r.status BETWEEN 200 AND 299)`;

interface Claimed {
  attempt_id: string;
  delivery_id: string;
  event_id: string;
  path: string;
  body: string;
}

let stopping = false;
/** Idle workers wait on this; a recorded batch wakes them (else they look again every 50 ms). */
let wake: () => void = () => undefined;
let woken = new Promise<void>((resolve) => (wake = resolve));
function wakeWorkers(): void {
  const resolve = wake;
  woken = new Promise<void>((next) => (wake = next));
  resolve();
}

async function worker(): Promise<void> {
  while (!stopping) {
    const { rows } = await pool.query<Claimed>(CLAIM, [claimSize]);
    if (rows.length === 0) {
      await Promise.race([woken, new Promise((resolve) => setTimeout(resolve, 50))]);
      continue;
    }
    const statuses = await Promise.all(rows.map((row) => poster.post(row.path, row.event_id, row.body)));
    await pool.query(SETTLE, [rows.map((row) => row.attempt_id), rows.map((row) => row.delivery_id), statuses]);
  }
}

async function main(): Promise<void> {
  await pool.query(TABLES);
  // Every connection open before 'ready': the bench counts the CPU of the backends it finds then.
  const clients = await Promise.all(Array.from({ length: workers + 1 }, () => pool.connect()));
  for (const client of clients) client.release();

  const kafka = new Kafka({
    clientId: 'bench-webhooks-durable-baseline',
    brokers: env('BASELINE_BROKERS').split(','),
    logLevel: logLevel.ERROR,
  });
  const consumer = kafka.consumer({ groupId: env('BASELINE_GROUP') });
  await consumer.connect();
  await consumer.subscribe({ topic: env('BASELINE_TOPIC'), fromBeginning: true });
  await consumer.run({
    eachBatch: async ({ batch }) => {
      const events = batch.messages.flatMap((message) => baselinePathOf(message.value, paths) ?? []);
      if (events.length === 0) return;
      await pool.query(RECORD, [events.map((e) => e.id), events.map((e) => e.path), events.map((e) => e.body.toString('utf8'))]);
      wakeWorkers();
    },
  });
  const running = Array.from({ length: workers }, () => worker());
  process.send!({ kind: 'ready' });
  process.on('disconnect', () => {
    stopping = true;
    if (poster.failures > 0)
      console.error(`durable baseline: ${poster.failures} failed requests, the last: ${poster.lastFailure}`);
    void (async () => {
      await consumer.disconnect();
      await Promise.allSettled(running);
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    })()
      .catch((error: unknown) => console.error(`durable baseline: stopping: ${String(error)}`))
      .finally(() => process.exit(0));
  });
  await Promise.all(running);
}

main().catch((error: unknown) => {
  console.error(`durable baseline failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
