import { logLevel, type logCreator } from 'kafkajs';
import type { EventingLogger } from '../../support/eventing-logger';

// Deliberate choices of ours that kafkajs warns about on every client it creates.
const EXPECTED_WARNINGS = [/Limiting retries for the idempotent producer/, /KafkaJS v2\.0\.0 switched default partitioner/];

/** Routes kafkajs logs into the app logger; broker outages are warnings, the relay reports them. */
export function kafkaLogCreator(logger: EventingLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...rest } = log;
      if (EXPECTED_WARNINGS.some((pattern) => pattern.test(message))) return;
      const context = { kafkajs: namespace, ...rest };
      if (level === logLevel.ERROR || level === logLevel.WARN) logger.warn(`kafka: ${message}`, context);
      else logger.debug(`kafka: ${message}`, context);
    };
}
