import { randomKafkaClusterId } from './cluster-id';

describe('randomKafkaClusterId', () => {
  it('is 16 bytes of unpadded base64url, as Kafka Uuid.fromString expects', () => {
    const id = randomKafkaClusterId();
    expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
  });
});
