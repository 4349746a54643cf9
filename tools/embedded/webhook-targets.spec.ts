import { EMBEDDED_WEBHOOK_CIDRS, embeddedWebhookTargets } from './webhook-targets';

describe('embeddedWebhookTargets (npm start)', () => {
  it('opens loopback when the user did not choose, and says so', () => {
    const targets = embeddedWebhookTargets({});
    expect(targets.WEBHOOKS_ALLOWED_PRIVATE_CIDRS).toBe(EMBEDDED_WEBHOOK_CIDRS);
    expect(targets.note).toContain('WEBHOOKS_ALLOWED_PRIVATE_CIDRS=127.0.0.0/8,::1/128');
    expect(targets.note).not.toContain('\n');
  });

  it.each([['10.20.0.0/16'], ['']])('keeps the user’s %j, without a note', (value) => {
    expect(embeddedWebhookTargets({ WEBHOOKS_ALLOWED_PRIVATE_CIDRS: value })).toEqual({ WEBHOOKS_ALLOWED_PRIVATE_CIDRS: value });
  });
});
