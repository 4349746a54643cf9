import { deadLetterRecord } from './kafka-dead-letter-message';

describe('deadLetterRecord', () => {
  it('keeps the original message and says where it came from and why', () => {
    const raw = Buffer.from([0xff, 0x00, 0x41]);
    const { topic, message } = deadLetterRecord(
      {
        message: {
          topic: 'platform.company.v1',
          physicalTopic: 't-a.platform.company.v1',
          partition: 4,
          offset: '17',
          key: 'c1',
          value: raw.toString('utf8'),
          rawValue: raw,
          headers: { 'event-id': 'e1' },
        },
        envelope: null,
        error: 'x'.repeat(5000),
        attempts: 5,
      },
      't-a.auth',
    );

    expect(topic).toBe('t-a.platform.company.v1.dlq');
    expect(message.key).toBe('c1');
    expect(message.value).toBe(raw);
    expect(message.headers).toMatchObject({
      'event-id': 'e1',
      'dlq-original-topic': 't-a.platform.company.v1',
      'dlq-original-partition': '4',
      'dlq-original-offset': '17',
      'dlq-attempts': '5',
      'dlq-consumer-group': 't-a.auth',
    });
    expect((message.headers!['dlq-error'] as string).length).toBe(1000);
  });
});
