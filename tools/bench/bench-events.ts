/**
 * `npm run bench:events`: throughput and commit-to-consume latency of the outbox → relay →
 * transport → inbox pipeline, between two apps (two schemas, two DataSources) with the real
 * eventing code. Stops by itself within about three minutes and removes what it created.
 *
 *   BENCH_TRANSPORT=kafka|in-process (default kafka)   BENCH_EVENTS=50000
 *   BENCH_HANDLER=upsert|noop (default upsert: one upsert per event, like a real projection;
 *   the 100 events/transaction line is also run with a no-op handler, "pipeline only")
 *   BENCH_WRITERS=32   BENCH_RATE=1000   BENCH_LATENCY_SECONDS=15   BENCH_PARTITIONS_CONCURRENTLY=6
 *   DATABASE_URL / KAFKA_BROKERS to use running servers instead of starting them.
 */
import { startBenchApps } from './bench-apps';
import { provideBenchServices } from './bench-services';
import { ms } from './bench-stats';
import { runLatency, runThroughput, type ThroughputResult } from './bench-workloads';

const HARD_LIMIT_MS = 175_000;
const intEnv = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback;

function printThroughput(label: string, r: ThroughputResult): void {
  console.log(
    `${label}: ${r.events} events in ${r.transactions} transactions — ` +
      `committed in ${r.commitSeconds.toFixed(2)} s (${r.commitRate} events/s), ` +
      `relay done at ${r.relaySeconds.toFixed(2)} s, ` +
      `first commit → last consume ${r.endToEndSeconds.toFixed(2)} s = ${r.endToEndRate} events/s ` +
      `(latency under load p50 ${ms(r.latencyP50)}, p99 ${ms(r.latencyP99)})`,
  );
}

async function main(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`bench-events: exceeded ${HARD_LIMIT_MS / 1000} s, aborting`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();

  const withKafka = (process.env.BENCH_TRANSPORT ?? 'kafka') !== 'in-process';
  const events = intEnv('BENCH_EVENTS', 50_000);
  const writers = intEnv('BENCH_WRITERS', 32);
  const services = await provideBenchServices(withKafka);
  console.log(
    `bench-events: ${services.describe}, handler ${process.env.BENCH_HANDLER === 'noop' ? 'no-op' : 'one upsert per event'}`,
  );
  const apps = await startBenchApps({
    databaseUrl: services.databaseUrl,
    brokers: services.brokers,
    topicPrefix: services.topicPrefix,
    producerPool: writers + 4,
    consumerPool: 10,
    partitions: 6,
    partitionsConsumedConcurrently: intEnv('BENCH_PARTITIONS_CONCURRENTLY', 6),
    relayBatchSize: intEnv('BENCH_RELAY_BATCH', 1000),
    consumerTransactionSize: intEnv('BENCH_CONSUMER_TX', 200),
    handlerEffect: process.env.BENCH_HANDLER !== 'noop',
  });
  try {
    // Warm-up: JIT, connection pools, partition leadership, consumer fetch sessions.
    await runThroughput(apps, { events: 2000, perTransaction: 1, writers, timeoutMs: 30_000 });

    printThroughput(
      `throughput, 1 event/transaction, ${writers} writers`,
      await runThroughput(apps, { events, perTransaction: 1, writers, timeoutMs: 60_000 }),
    );
    printThroughput(
      'throughput, 100 events/transaction, 4 writers',
      await runThroughput(apps, { events, perTransaction: 100, writers: 4, timeoutMs: 40_000 }),
    );
    if (apps.handler.withEffect) {
      // The same line without the handler's own query: what the outbox → relay → inbox path costs.
      apps.handler.withEffect = false;
      printThroughput(
        'throughput, 100 events/transaction, 4 writers, no-op handler (pipeline only)',
        await runThroughput(apps, { events, perTransaction: 100, writers: 4, timeoutMs: 40_000 }),
      );
      apps.handler.withEffect = true;
    }
    for (const perTransaction of [1, 10]) {
      const latency = await runLatency(apps, {
        ratePerSecond: intEnv('BENCH_RATE', 1000),
        seconds: intEnv('BENCH_LATENCY_SECONDS', 15),
        perTransaction,
        timeoutMs: 40_000,
      });
      console.log(
        `latency at ${latency.targetRate} events/s, ${perTransaction} event(s)/transaction ` +
          `(achieved ${latency.achievedRate}/s, ${latency.events} events): ` +
          `commit → consume p50 ${ms(latency.p50)}, p90 ${ms(latency.p90)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}`,
      );
    }
  } finally {
    await apps.stop();
    await services.cleanup();
    clearTimeout(hardLimit);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-events failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
