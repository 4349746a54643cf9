import { consumerGroupId, deadLetterTopicName, logicalTopicName, outboxChannel, physicalTopicName } from './topic-names';

describe('topic naming', () => {
  it('prefixes physical topics and consumer groups with KAFKA_TOPIC_PREFIX', () => {
    expect(physicalTopicName('', 'platform.company.v1')).toBe('platform.company.v1');
    expect(physicalTopicName('t-x-1a2b.', 'platform.company.v1')).toBe('t-x-1a2b.platform.company.v1');
    expect(consumerGroupId('t-x-1a2b.', 'auth')).toBe('t-x-1a2b.auth');
  });

  it('maps a physical name back to the logical one only inside its prefix', () => {
    expect(logicalTopicName('t-x.', 't-x.platform.company.v1')).toBe('platform.company.v1');
    expect(logicalTopicName('t-x.', 'other.platform.company.v1')).toBeNull();
    expect(logicalTopicName('', 'platform.company.v1')).toBe('platform.company.v1');
  });

  it('names the dead-letter topic after the physical topic', () => {
    expect(deadLetterTopicName('t-x.platform.company.v1')).toBe('t-x.platform.company.v1.dlq');
  });

  it('derives the NOTIFY channel from the schema', () => {
    expect(outboxChannel('webhooks')).toBe('webhooks_outbox');
  });
});
