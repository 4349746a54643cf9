import { loadWebhookDispatchEnvironment } from './webhook-dispatch.app';

describe('WebhookDispatchEnvironment', () => {
  const valid = { DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/db' };

  it('sends only to public https targets within 10 s by default', () => {
    const env = loadWebhookDispatchEnvironment(valid);
    expect(env.WEBHOOKS_TIMEOUT_MS).toBe(10_000);
    expect(env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS).toEqual([]);
  });

  it('reads the allowed private ranges as a list', () => {
    const env = loadWebhookDispatchEnvironment({ ...valid, WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8, ::1/128,10.20.0.0/16' });
    expect(env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS).toEqual(['127.0.0.0/8', '::1/128', '10.20.0.0/16']);
  });

  it.each([['10.0.0.1'], ['10.0.0.0/8,intranet'], ['0.0.0.0/0'], ['10.0.0.0/40']])(
    'stops start-up on %s, naming the variable',
    (value) => {
      expect(() => loadWebhookDispatchEnvironment({ ...valid, WEBHOOKS_ALLOWED_PRIVATE_CIDRS: value })).toThrow(
        'WEBHOOKS_ALLOWED_PRIVATE_CIDRS must be comma-separated CIDR ranges, e.g. 10.20.0.0/16,::1/128 (no /0)',
      );
    },
  );

  it('refuses a timeout out of range', () => {
    expect(() => loadWebhookDispatchEnvironment({ ...valid, WEBHOOKS_TIMEOUT_MS: '10' })).toThrow('WEBHOOKS_TIMEOUT_MS');
  });

  it('retries after 30 s, 2, 8 and 32 min by default; a shorter schedule can be set', () => {
    expect(loadWebhookDispatchEnvironment(valid).WEBHOOKS_RETRY_DELAYS).toBe('30s,2m,8m,32m');
    expect(loadWebhookDispatchEnvironment({ ...valid, WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s' }).WEBHOOKS_RETRY_DELAYS).toBe(
      '1s,1s,1s,1s',
    );
    expect(() => loadWebhookDispatchEnvironment({ ...valid, WEBHOOKS_RETRY_DELAYS: '1s,1s' })).toThrow('WEBHOOKS_RETRY_DELAYS');
  });
});
