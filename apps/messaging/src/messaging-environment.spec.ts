import { EnvironmentError, loadEnvironment, redactedEnvironment } from '@suite/config';
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
      MESSAGING_RECEIPT_TIMEOUT_SECONDS: 86_400,
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
      MESSAGING_RECEIPT_TIMEOUT_SECONDS: '600',
    });
    expect(env).toMatchObject({
      MESSAGING_SANDBOX_SEND_DELAY_MS: 25,
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: 0,
      MESSAGING_CAPABILITY_TTL_SECONDS: 3600,
      MESSAGING_RECEIPT_TIMEOUT_SECONDS: 600,
    });
    expect(redactedEnvironment(env).MESSAGING_CARRIER_CALLBACK_SECRET).toBe('[redacted]');
  });

  it.each([
    ['MESSAGING_CARRIER', { MESSAGING_CARRIER: 'telnyx' }, /must be one of: sandbox, twilio, sendblue, sendblue\+twilio/],
    ['MESSAGING_CARRIER_CALLBACK_SECRET', { MESSAGING_CARRIER_CALLBACK_SECRET: 'short' }, /at least 32 characters/],
    ['MESSAGING_SANDBOX_DELIVERY_DELAY_MS', { MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '-1' }, /./],
    ['MESSAGING_CAPABILITY_TTL_SECONDS', { MESSAGING_CAPABILITY_TTL_SECONDS: 'a week' }, /./],
    ['MESSAGING_RECEIPT_TIMEOUT_SECONDS', { MESSAGING_RECEIPT_TIMEOUT_SECONDS: '0' }, /./],
    ['MESSAGING_RECEIPT_TIMEOUT_SECONDS', { MESSAGING_RECEIPT_TIMEOUT_SECONDS: 'a day' }, /./],
  ])('stops start-up naming %s', (variable, override, reason) => {
    const load = () => loadEnvironment(MessagingEnvironment, { ...base, ...override });
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(new RegExp(`^Invalid environment: ${variable}: `));
    expect(load).toThrow(reason);
    expect(load).not.toThrow(/short/);
  });
});

describe('MessagingEnvironment: real carriers', () => {
  const base = { PORT: '3001', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  const twilio = {
    MESSAGING_PUBLIC_URL: 'https://messaging.example.com',
    TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
    TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  };
  const sendblue = {
    MESSAGING_PUBLIC_URL: 'https://messaging.example.com',
    SENDBLUE_API_KEY_ID: 'key-id-12345',
    SENDBLUE_API_SECRET: 'secret-12345',
    SENDBLUE_SIGNING_SECRET: 'signing-12345',
    SENDBLUE_CALLBACK_TOKEN: 't'.repeat(40),
  };

  it('reads each carrier with its variables, the API URLs defaulting to the providers, and redacts the secrets', () => {
    const env = loadEnvironment(MessagingEnvironment, { ...base, ...twilio, ...sendblue, MESSAGING_CARRIER: 'sendblue+twilio' });
    expect(env).toMatchObject({
      TWILIO_API_URL: 'https://api.twilio.com',
      TWILIO_LOOKUP_URL: 'https://lookups.twilio.com',
      SENDBLUE_API_URL: 'https://api.sendblue.co',
    });
    const redacted = redactedEnvironment(env);
    for (const secret of ['TWILIO_AUTH_TOKEN', 'SENDBLUE_API_SECRET', 'SENDBLUE_SIGNING_SECRET', 'SENDBLUE_CALLBACK_TOKEN'])
      expect(redacted[secret]).toBe('[redacted]');
    expect(loadEnvironment(MessagingEnvironment, { ...base, ...twilio, MESSAGING_CARRIER: 'twilio' }).MESSAGING_CARRIER).toBe(
      'twilio',
    );
    expect(loadEnvironment(MessagingEnvironment, { ...base, ...sendblue, MESSAGING_CARRIER: 'sendblue' }).MESSAGING_CARRIER).toBe(
      'sendblue',
    );
  });

  it.each([
    ['twilio', 'MESSAGING_PUBLIC_URL', { ...twilio, MESSAGING_PUBLIC_URL: undefined }, /required with MESSAGING_CARRIER=twilio/],
    ['twilio', 'MESSAGING_PUBLIC_URL', { ...twilio, MESSAGING_PUBLIC_URL: 'messaging.example.com' }, /http\(s\) URL/],
    ['twilio', 'TWILIO_ACCOUNT_SID', { ...twilio, TWILIO_ACCOUNT_SID: undefined }, /required/],
    ['twilio', 'TWILIO_ACCOUNT_SID', { ...twilio, TWILIO_ACCOUNT_SID: 'SK123' }, /"AC" followed by 32 hex digits/],
    ['twilio', 'TWILIO_AUTH_TOKEN', { ...twilio, TWILIO_AUTH_TOKEN: undefined }, /required/],
    ['twilio', 'TWILIO_API_URL', { ...twilio, TWILIO_API_URL: 'ftp://x' }, /http\(s\) URL/],
    [
      'sendblue',
      'SENDBLUE_API_KEY_ID',
      { ...sendblue, SENDBLUE_API_KEY_ID: undefined },
      /required with MESSAGING_CARRIER=sendblue/,
    ],
    ['sendblue', 'SENDBLUE_API_SECRET', { ...sendblue, SENDBLUE_API_SECRET: undefined }, /required/],
    ['sendblue', 'SENDBLUE_SIGNING_SECRET', { ...sendblue, SENDBLUE_SIGNING_SECRET: undefined }, /required/],
    ['sendblue', 'SENDBLUE_CALLBACK_TOKEN', { ...sendblue, SENDBLUE_CALLBACK_TOKEN: 'short' }, /at least 32/],
    ['sendblue+twilio', 'TWILIO_ACCOUNT_SID', { ...sendblue, MESSAGING_PUBLIC_URL: 'https://m.example.com' }, /required/],
  ])('%s: stops start-up naming %s', (carrier, variable, override, reason) => {
    const load = () => loadEnvironment(MessagingEnvironment, { ...base, MESSAGING_CARRIER: carrier, ...override });
    expect(load).toThrow(new RegExp(`^Invalid environment: ${variable}: `));
    expect(load).toThrow(reason);
  });

  it('needs none of them in sandbox mode', () => {
    expect(loadEnvironment(MessagingEnvironment, base).TWILIO_ACCOUNT_SID).toBeUndefined();
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
