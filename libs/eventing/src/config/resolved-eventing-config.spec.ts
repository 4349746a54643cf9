import { ALL_TOPICS } from '@suite/contracts';
import { silentEventingLogger } from '../support/eventing-logger';
import { eventingSettingsFromEnvironment } from './eventing-environment';
import { resolveEventingConfig } from './resolved-eventing-config';

const base = { appName: 'platform', schema: 'platform', kafka: null, logger: silentEventingLogger };

describe('resolveEventingConfig', () => {
  it('defaults to the documented values', () => {
    const config = resolveEventingConfig({
      ...base,
      kafka: { brokers: ['127.0.0.1:9092'] },
    });
    expect(config).toMatchObject({
      groupId: 'platform',
      topicPrefix: '',
      topics: ALL_TOPICS,
      maxAttempts: 5,
      relayUnhealthyAfterMs: 60_000,
      relay: { pollIntervalMs: 1000, retentionMs: 24 * 3_600_000 },
      kafka: {
        clientId: 'platform',
        partitions: 6,
        replicationFactor: 1,
        groupId: 'platform',
        sessionTimeoutMs: 10_000,
        heartbeatIntervalMs: 1000,
        sendTimeoutMs: 10_000,
      },
    });
  });

  it('uses kafka.topicPrefix in Kafka mode and topicPrefix in embedded mode', () => {
    expect(resolveEventingConfig({ ...base, topicPrefix: 'e.' }).topicPrefix).toBe('e.');
    expect(
      resolveEventingConfig({ ...base, topicPrefix: 'e.', kafka: { brokers: ['b:1'], topicPrefix: 'k.' } }).topicPrefix,
    ).toBe('k.');
  });

  it.each([
    [{ schema: 'Bad-Schema' }, /schema/],
    [{ schema: 'x'.repeat(57) }, /schema/],
    [{ maxAttempts: 0 }, /maxAttempts/],
    [{ relayUnhealthyAfterMs: 0 }, /relayUnhealthyAfterMs/],
    [{ kafka: { brokers: [] } }, /brokers is empty/],
    [{ appName: '' }, /appName/],
  ])('rejects %p', (override, message) => {
    expect(() => resolveEventingConfig({ ...base, ...override })).toThrow(message);
  });
});

describe('eventingSettingsFromEnvironment', () => {
  const env = {
    KAFKA_BROKERS: [] as string[],
    KAFKA_TOPIC_PREFIX: 'p.',
    KAFKA_TOPIC_PARTITIONS: 12,
    KAFKA_REPLICATION_FACTOR: 3,
    EVENT_MAX_ATTEMPTS: 7,
    EVENT_RELAY_UNHEALTHY_AFTER_MS: 90_000,
  };

  it('selects embedded mode without brokers', () => {
    expect(eventingSettingsFromEnvironment(env, { appName: 'auth', schema: 'auth' })).toMatchObject({
      kafka: null,
      topicPrefix: 'p.',
      maxAttempts: 7,
      relayUnhealthyAfterMs: 90_000,
    });
  });

  it('selects Kafka with brokers', () => {
    const settings = eventingSettingsFromEnvironment(
      { ...env, KAFKA_BROKERS: ['k:9092'], KAFKA_SESSION_TIMEOUT_MS: 45_000 },
      { appName: 'auth', schema: 'auth' },
    );
    expect(settings.kafka).toMatchObject({
      brokers: ['k:9092'],
      topicPrefix: 'p.',
      partitions: 12,
      replicationFactor: 3,
      sessionTimeoutMs: 45_000,
    });
  });
});
