import type { EventingSettings } from './eventing-options';

/** The variables of @suite/config's BaseEnvironment that eventing reads (structurally). */
export interface EventingEnvironment {
  /** Empty: embedded mode (in-process delivery). */
  KAFKA_BROKERS: readonly string[];
  KAFKA_CLIENT_ID?: string;
  KAFKA_TOPIC_PREFIX: string;
  KAFKA_TOPIC_PARTITIONS: number;
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_SESSION_TIMEOUT_MS?: number;
  EVENT_MAX_ATTEMPTS: number;
  EVENT_RELAY_UNHEALTHY_AFTER_MS: number;
}

/** Maps the environment to settings, so every app reads the same variables the same way. */
export function eventingSettingsFromEnvironment<T extends Pick<EventingSettings, 'appName' | 'schema'>>(
  env: EventingEnvironment,
  app: T,
): T & Pick<EventingSettings, 'kafka' | 'topicPrefix' | 'maxAttempts' | 'relayUnhealthyAfterMs'> {
  return {
    ...app,
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    maxAttempts: env.EVENT_MAX_ATTEMPTS,
    relayUnhealthyAfterMs: env.EVENT_RELAY_UNHEALTHY_AFTER_MS,
    kafka:
      env.KAFKA_BROKERS.length > 0
        ? {
            brokers: env.KAFKA_BROKERS,
            clientId: env.KAFKA_CLIENT_ID,
            topicPrefix: env.KAFKA_TOPIC_PREFIX,
            partitions: env.KAFKA_TOPIC_PARTITIONS,
            replicationFactor: env.KAFKA_REPLICATION_FACTOR,
            sessionTimeoutMs: env.KAFKA_SESSION_TIMEOUT_MS,
          }
        : null,
  };
}
