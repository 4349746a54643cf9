/**
 * `npm run bench:messaging`: the messaging service under load, on real PostgreSQL (DATABASE_URL or
 * embedded) and a real Kafka broker (KAFKA_BROKERS or one started from the Maven jars). Each
 * section boots what it measures, prints its figures and stops it; the run stops by itself and
 * removes what it created.
 *
 *   send path (send-path/): POST /v1/messages on the app against a bare node:http + pg baseline.
 *     BENCH_WARMUP_SECONDS=5 BENCH_SECONDS=20 BENCH_CONNECTIONS=32
 *     BENCH_RATE=1000 BENCH_RATE_SECONDS=15 BENCH_RATE_CONNECTIONS=64 BENCH_LOG_LEVEL=warn
 *   drain (drain/): N queued messages released by two scheduler replicas at a configured pace.
 *     BENCH_DRAIN_MESSAGES=100000 BENCH_DRAIN_NUMBERS=100 BENCH_DRAIN_RATE=5 BENCH_DRAIN_SECONDS=240
 *     BENCH_DRAIN_DELIVERY_DELAY_MS=100 BENCH_DRAIN_BATCH_SIZE, BENCH_DRAIN_CONCURRENCY (app defaults)
 *     BENCH_DRAIN_STATEMENTS=1 prints PostgreSQL's statements per handed-over message (needs
 *     pg_stat_statements: EMBEDDED_POSTGRES_SETTINGS="shared_preload_libraries=pg_stat_statements")
 *   BENCH_SECTIONS=drain (comma-separated names) runs only those sections.
 *
 * A section is a BenchSection in its own folder, appended to SECTIONS.
 */
import os from 'node:os';
import { provideBenchServices } from '../bench-services';
import type { BenchSection } from './bench-section';
import { drainSection } from './drain/drain.section';
import { sendPathSection } from './send-path/send-path.section';

const SECTIONS: readonly BenchSection[] = [sendPathSection, drainSection];
/** Services' start and cleanup, then each section's budget. */
const HARD_LIMIT_MS = (30 + SECTIONS.reduce((sum, section) => sum + section.budgetSeconds, 0)) * 1000;

/** BENCH_SECTIONS=send-path,drain picks sections by name; all by default. */
function selected(): readonly BenchSection[] {
  const wanted = (process.env.BENCH_SECTIONS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (wanted.length === 0) return SECTIONS;
  const unknown = wanted.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_SECTIONS: unknown ${unknown.join(', ')}; sections are ${SECTIONS.map((section) => section.name).join(', ')}`,
    );
  return SECTIONS.filter((section) => wanted.includes(section.name));
}

async function main(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`bench-messaging: exceeded ${HARD_LIMIT_MS / 1000} s, aborting`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();
  const started = Date.now();
  const sections = selected();

  const services = await provideBenchServices(true, 'bench_messaging');
  try {
    const brokers = services.brokers;
    if (!brokers) throw new Error('bench-messaging needs Kafka');
    const cpus = os.cpus();
    console.log(
      `bench-messaging: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')} at start; ${services.describe}`,
    );
    for (const section of sections) await section.run({ services: { ...services, brokers } });
  } finally {
    await services.cleanup();
    clearTimeout(hardLimit);
  }
  console.log(`\nbench-messaging: done in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-messaging failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
