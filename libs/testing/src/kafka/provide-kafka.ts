import { findExecutable, findJava } from '../util/find-executable';
import { dockerEngineAvailable, startDockerKafka } from './docker-kafka';
import { KafkaBroker } from './kafka-broker';
import { DEFAULT_KAFKA_VERSION, kafkaJarsCached } from './kafka-jars';

export type KafkaSource = 'env' | 'maven' | 'docker';

export interface ProvidedKafka {
  brokers: string[];
  /** Stops what was started here; a no-op for brokers that came from KAFKA_BROKERS. */
  stop(): Promise<void>;
  source: KafkaSource;
}

/**
 * A Kafka for tests, first match wins:
 *  1. KAFKA_BROKERS (comma separated) — CI services, a developer's own broker;
 *  2. a local KafkaBroker run with the machine's Java from Maven-resolved jars
 *     (needs `java`, and `mvn` unless the jars are already cached);
 *  3. the apache/kafka image on a Docker engine;
 * otherwise an error that says how to provide one.
 */
export async function provideKafka(): Promise<ProvidedKafka> {
  const fromEnv = parseBrokerList(process.env.KAFKA_BROKERS);
  if (fromEnv.length > 0) return { brokers: fromEnv, stop: async () => undefined, source: 'env' };

  if (findJava() && (findExecutable('mvn') || kafkaJarsCached(DEFAULT_KAFKA_VERSION))) {
    const broker = await KafkaBroker.start();
    return { brokers: broker.brokers, stop: () => broker.destroy(), source: 'maven' };
  }

  if (await dockerEngineAvailable()) {
    const container = await startDockerKafka();
    return { brokers: container.brokers, stop: container.stop, source: 'docker' };
  }

  throw new Error(
    'No Kafka available for integration tests. Provide one of:\n' +
      '  - KAFKA_BROKERS=host:port[,host:port] pointing at a running broker;\n' +
      '  - Java 17+ and Maven on PATH (a local KRaft broker is started from Maven Central jars);\n' +
      '  - a running Docker engine (`docker info` must succeed; apache/kafka:3.9.1 is used).',
  );
}

export function parseBrokerList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker.length > 0);
}
