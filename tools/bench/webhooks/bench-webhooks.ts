/**
 * `npm run bench:webhooks`: webhook-dispatch's delivery pipeline under load, beside a bare baseline
 * measured in the same run, on real PostgreSQL (DATABASE_URL or embedded) and a real Kafka broker
 * (KAFKA_BROKERS or one started from the Maven jars). Everything listens on 127.0.0.1; the run stops
 * by itself (HARD_LIMIT_MS) and removes what it created.
 *
 * Three processes besides PostgreSQL and Kafka, none sharing an event loop: this driver, the app
 * (dist/apps/webhook-dispatch/src/main.js, dispatch-process.ts) and a receiver (receiver-process.ts,
 * answers 200 at once, or never for a path told to "hang"). BENCH_WEBHOOK_ENDPOINTS companies, each
 * with one webhook subscribed to sms.sent (created through POST /api/webhooks) posting to
 * /hook/<index>; `message.delivered` events are committed to the app's outbox round-robin over the
 * companies (one event = one delivery), and travel relay → Kafka → consumer → inbox + delivery row +
 * job → signed POST. Runs, in order:
 *
 *   sustained throughput (throughput-run.ts): a warm-up, then N events in transactions of BATCH, as
 *     fast as one connection commits them; deliveries/s at the receiver between its 10th and 90th
 *     percentile of receipts; every event delivered once (missing ones and duplicates are errors).
 *   baseline (baseline-run.ts, baseline-process.ts): a kafkajs consumer with a fresh group reads the
 *     same topic from the beginning and POSTs each event to the same receiver; the same measure over
 *     the same N events: the physical limit, printed beside the others.
 *   durable baseline (durable-baseline-process.ts): the same, doing in bare SQL what a durable
 *     delivery must (inbox, delivery + job, claim with an in-flight attempt, settle); ratio = app /
 *     durable baseline (the goal, ≥ 0.5×).
 *   latency (latency-run.ts): RATE events/s for RATE_SECONDS, one transaction every RATE_TICK_MS;
 *     receipt − commit per event, p50/p90/p99/max.
 *   isolation (isolation-run.ts): /hook/0 never answers; N events again; the other endpoints'
 *     deliveries/s against theirs in the throughput run: cost = 1 − hanging / healthy.
 *   replica killed (replica-kill-run.ts): a second replica joins (same group); KILL_RATE events/s to
 *     the endpoints that never hung for KILL_SECONDS; at KILL_AT_SECONDS the replica not leading the
 *     relay is SIGKILLed, started again KILL_RESTART_SECONDS later (0: never); receipt − commit of
 *     the events committed after the kill, p50/p99/max, and receipts per second around it.
 *
 * Goals are printed with PASS/FAIL and do not change the exit code; an error (a delivery missing or
 * duplicated, a process failing) does (1), and so does the hard limit (2).
 *
 * Knobs (env):
 *   BENCH_WEBHOOK_ENDPOINTS=10        companies / webhooks / receiver paths
 *   BENCH_WEBHOOK_EVENTS=20000        events of the throughput, baseline and isolation runs
 *   BENCH_WEBHOOK_WARMUP_EVENTS=1000  delivered before the throughput run
 *   BENCH_WEBHOOK_BATCH=500           events per transaction in the throughput and isolation runs
 *   BENCH_WEBHOOK_RATE=500            events/s of the latency run
 *   BENCH_WEBHOOK_RATE_SECONDS=15     its length
 *   BENCH_WEBHOOK_RATE_TICK_MS=10     one transaction every this many ms in it
 *   BENCH_WEBHOOK_WAIT_SECONDS=120    the longest wait for a run's deliveries after its last commit
 *   BENCH_WEBHOOK_BASELINE_CONCURRENCY=64  the baselines' requests in flight
 *   BENCH_WEBHOOK_DURABLE_WORKERS=4   the durable baseline's claiming workers
 *   BENCH_WEBHOOK_KILL_RATE=200       events/s of the replica-killed run
 *   BENCH_WEBHOOK_KILL_SECONDS=40     its length
 *   BENCH_WEBHOOK_KILL_AT_SECONDS=10  when in it the replica is killed
 *   BENCH_WEBHOOK_KILL_RESTART_SECONDS=5  how long after the kill it starts again (0: never)
 *   BENCH_LOG_LEVEL=warn              the app's LOG_LEVEL
 *   WEBHOOKS_* (and any other app variable) reach the app as set, e.g. WEBHOOKS_TIMEOUT_MS=10000;
 *   BENCH_APP_ENV="NAME=value NAME2=value" sets variables for the app alone (they win);
 *   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" reaches the app's node.
 *   WEBHOOKS_ALLOWED_PRIVATE_CIDRS defaults to 127.0.0.0/8 here (the receiver is on loopback).
 */
import { runBench } from '../bench-run';
import { startDispatchProcess } from './dispatch-process';
import { EventWriter } from './event-writer';
import { baselineRun } from './baseline-run';
import { isolationRun } from './isolation-run';
import { latencyRun } from './latency-run';
import { Receiver } from './receiver';
import { replicaKillRun } from './replica-kill-run';
import { printGoals } from './report';
import type { RunContext } from './run-context';
import { throughputRun } from './throughput-run';
import { createEndpoints } from './webhook-workspace';
import { SETTINGS } from './webhooks-settings';

/** Services and app start, set-up and stop; each run's commits, its wait and its analysis; the replicas' start-ups. */
const HARD_LIMIT_MS = (180 + 5 * SETTINGS.waitSeconds + SETTINGS.rateSeconds + SETTINGS.killSeconds + 180) * 1000;

runBench('bench-webhooks', HARD_LIMIT_MS, async ({ services, tokens, stops, errors }) => {
  const receiver = await Receiver.start();
  stops.unshift(() => receiver.stop());
  const app = await startDispatchProcess(services, { issuer: tokens.issuer, jwksUrl: tokens.jwksUrl });
  // Before the receiver stops: hanging requests released first, so the app's attempts end now.
  stops.unshift(async () => {
    await receiver.release();
    await app.server.stop();
  });
  const writer = await EventWriter.open(services.databaseUrl, app.schema);
  stops.unshift(() => writer.close());
  const endpoints = await createEndpoints({
    count: SETTINGS.endpoints,
    appUrl: app.server.url,
    receiverUrl: receiver.url,
    schema: app.schema,
    writer,
    tokens,
    timeoutMs: 60_000,
  }).catch((error: unknown) => {
    // The app's own lines say why it did not take the set-up (it logs at BENCH_LOG_LEVEL).
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the app's last output:\n${app.server.output()}`);
  });
  const tuning = Object.entries(app.tuning)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(
    `webhook-dispatch in its own process (pid ${app.server.pid}; ${tuning}), receiver at ${receiver.url} (pid ${receiver.pid}), ` +
      `${endpoints.length} companies with one sms.sent webhook each`,
  );
  const context: RunContext = {
    services: services,
    app,
    receiver,
    writer,
    endpoints,
    errors,
    backlogFrom: null,
  };
  const throughput = await throughputRun(context);
  const baseline = await baselineRun(context, throughput, 'baseline');
  const durable = await baselineRun(context, throughput, 'durable baseline');
  const latency = await latencyRun(context);
  const isolation = await isolationRun(context);
  const replicaKilled = await replicaKillRun(
    context,
    () => startDispatchProcess(services, { issuer: tokens.issuer, jwksUrl: tokens.jwksUrl }),
    stops,
  );
  printGoals({ throughput, baseline, durable, latency, isolation, replicaKilled });
});
