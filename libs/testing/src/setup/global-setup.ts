import { provideKafka } from '../kafka/provide-kafka';
import { providePostgres } from '../postgres/provide-postgres';
import { startAnswerRecording } from './answer-recording';
import { buildDist } from './build-dist';
import { setSuiteTestServices } from './global-state';

/**
 * Jest globalSetup for the `integration` project: one PostgreSQL server and one Kafka
 * broker for the whole run, published as DATABASE_URL / KAFKA_BROKERS, which the workers
 * inherit, and dist/ compiled once (build-dist.ts) for the specs that run compiled processes.
 * Test files isolate themselves with createTestDatabase() and uniqueTopicPrefix(). The apps
 * record their answers for the OpenAPI contract check that global teardown runs (decision 0026).
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const [postgres, kafka, build] = await Promise.allSettled([
    providePostgres().then((pg) => ({ ...pg, readyAfter: elapsed() })),
    provideKafka().then((k) => ({ ...k, readyAfter: elapsed() })),
    buildDist(),
  ]);

  if (postgres.status === 'rejected' || kafka.status === 'rejected' || build.status === 'rejected') {
    // Do not leave the half that did start running.
    await Promise.allSettled([postgres, kafka].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    const reasons = [postgres, kafka, build].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    throw reasons.length === 1 ? reasons[0] : new AggregateError(reasons, reasons.map(String).join('\n'));
  }

  process.env.DATABASE_URL = postgres.value.url;
  process.env.KAFKA_BROKERS = kafka.value.brokers.join(',');
  const answers = await startAnswerRecording();
  setSuiteTestServices({
    answers,
    stops: [
      { name: 'PostgreSQL', stop: postgres.value.stop },
      { name: 'Kafka', stop: kafka.value.stop },
    ],
  });

  // Jest prints its first line without a newline; start ours on a fresh one.
  console.log(
    `\n[testing] PostgreSQL from ${postgres.value.source}: ${redactPassword(postgres.value.url)} (ready after ${postgres.value.readyAfter})`,
  );
  console.log(`[testing] Kafka from ${kafka.value.source}: ${process.env.KAFKA_BROKERS} (ready after ${kafka.value.readyAfter})`);
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparsable DATABASE_URL>';
  }
}
