/**
 * `npm run bench:messaging`: the messaging service under load, on real PostgreSQL (DATABASE_URL or
 * embedded) and a real Kafka broker (KAFKA_BROKERS or one started from the Maven jars). Each
 * section boots what it measures, prints its figures and stops it; the run stops by itself and
 * removes what it created.
 *
 *   send path (send-path/): POST /v1/messages on the app against a bare node:http + pg baseline.
 *     BENCH_WARMUP_SECONDS=5 BENCH_SECONDS=20 BENCH_CONNECTIONS=32
 *     BENCH_RATE=1000 BENCH_RATE_SECONDS=15 BENCH_RATE_CONNECTIONS=64 BENCH_LOG_LEVEL=warn
 *
 * A section is a BenchSection in its own folder, appended to SECTIONS.
 */
import os from 'node:os';
import { provideBenchServices } from '../bench-services';
import type { BenchSection } from './bench-section';
import { sendPathSection } from './send-path/send-path.section';

const SECTIONS: readonly BenchSection[] = [sendPathSection];
const HARD_LIMIT_MS = 175_000;

async function main(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`bench-messaging: exceeded ${HARD_LIMIT_MS / 1000} s, aborting`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();
  const started = Date.now();

  const services = await provideBenchServices(true, 'bench_messaging');
  try {
    const brokers = services.brokers;
    if (!brokers) throw new Error('bench-messaging needs Kafka');
    const cpus = os.cpus();
    console.log(
      `bench-messaging: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), node ${process.version}, ` +
        `load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} at start; ${services.describe}`,
    );
    for (const section of SECTIONS) await section.run({ services: { ...services, brokers } });
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
