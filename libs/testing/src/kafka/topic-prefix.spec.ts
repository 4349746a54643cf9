import { uniqueTopicPrefix } from './topic-prefix';

describe('uniqueTopicPrefix', () => {
  it('is t-<label>-<8 hex>. and differs per call', () => {
    const a = uniqueTopicPrefix('outbox');
    expect(a).toMatch(/^t-outbox-[0-9a-f]{8}\.$/);
    expect(uniqueTopicPrefix('outbox')).not.toBe(a);
  });

  it('works without a label', () => {
    expect(uniqueTopicPrefix()).toMatch(/^t-[0-9a-f]{8}\.$/);
  });

  it('reduces labels to legal, short topic-name characters', () => {
    const prefix = uniqueTopicPrefix('Message Status/Relay: ' + 'x'.repeat(100));
    expect(prefix).toMatch(/^t-message-status-relay-x+-[0-9a-f]{8}\.$/);
    expect(prefix.length).toBeLessThanOrEqual(2 + 40 + 1 + 8 + 1);
  });
});
