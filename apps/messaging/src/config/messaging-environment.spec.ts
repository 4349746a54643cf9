import { EnvironmentError, loadEnvironment, redactedEnvironment } from '@suite/runtime';
import { MessagingEnvironment } from './messaging-environment';

describe('MessagingEnvironment: carrier variables', () => {
  const base = { PORT: '3001', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  const secret = 'c'.repeat(32);

  it('defaults to the sandbox carrier, its delays and a 7-day capability TTL', () => {
    const env = loadEnvironment(MessagingEnvironment, base);
    expect(env).toMatchObject({
      MESSAGING_CARRIER: 'sandbox',
      MESSAGING_SANDBOX_SEND_DELAY_MS: 0,
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: 2000,
      MESSAGING_CAPABILITY_TTL_SECONDS: 604_800,
    });
    expect(env.MESSAGING_CARRIER_CALLBACK_SECRET).toBeUndefined();
  });

  it('reads the variables and redacts the secret', () => {
    const env = loadEnvironment(MessagingEnvironment, {
      ...base,
      MESSAGING_CARRIER_CALLBACK_SECRET: secret,
      MESSAGING_SANDBOX_SEND_DELAY_MS: '25',
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '0',
      MESSAGING_CAPABILITY_TTL_SECONDS: '3600',
    });
    expect(env).toMatchObject({
      MESSAGING_SANDBOX_SEND_DELAY_MS: 25,
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: 0,
      MESSAGING_CAPABILITY_TTL_SECONDS: 3600,
    });
    expect(redactedEnvironment(env).MESSAGING_CARRIER_CALLBACK_SECRET).toBe('[redacted]');
  });

  it.each([
    ['MESSAGING_CARRIER', { MESSAGING_CARRIER: 'twilio' }, /must be one of: sandbox/],
    ['MESSAGING_CARRIER_CALLBACK_SECRET', { MESSAGING_CARRIER_CALLBACK_SECRET: 'short' }, /at least 32 characters/],
    ['MESSAGING_SANDBOX_DELIVERY_DELAY_MS', { MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '-1' }, /./],
    ['MESSAGING_CAPABILITY_TTL_SECONDS', { MESSAGING_CAPABILITY_TTL_SECONDS: 'a week' }, /./],
  ])('stops start-up naming %s', (variable, override, reason) => {
    const load = () => loadEnvironment(MessagingEnvironment, { ...base, ...override });
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(new RegExp(`^Invalid environment: ${variable}: `));
    expect(load).toThrow(reason);
    expect(load).not.toThrow(/short/);
  });
});

describe('MessagingEnvironment: scheduler variables', () => {
  const base = { PORT: '3001', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

  it.each([
    [undefined, true],
    ['false', false],
    ['0', false],
    ['true', true],
  ])('MESSAGING_SCHEDULER_ENABLED=%s → %s', (value, enabled) => {
    const env = loadEnvironment(
      MessagingEnvironment,
      value === undefined ? base : { ...base, MESSAGING_SCHEDULER_ENABLED: value },
    );
    expect(env.MESSAGING_SCHEDULER_ENABLED).toBe(enabled);
  });
});
