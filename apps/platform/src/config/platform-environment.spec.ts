import { EnvironmentError, loadEnvironment, redactedEnvironment } from '@suite/runtime';
import { SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET, voiceCallbackSecretOf } from '../voice/voice-callback-secret';
import { PlatformEnvironment } from './platform-environment';

describe('PlatformEnvironment: voice variables', () => {
  const base = { PORT: '3003', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

  it('defaults to the sandbox, its built-in callback secret and a 1 s call step', () => {
    const env = loadEnvironment(PlatformEnvironment, base);
    expect(env).toMatchObject({ PLATFORM_VOICE_PROVIDER: 'sandbox', PLATFORM_SANDBOX_CALL_STEP_MS: 1000 });
    expect(env.PLATFORM_VOICE_CALLBACK_SECRET).toBeUndefined();
    expect(voiceCallbackSecretOf(env)).toBe(SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET);
  });

  it('reads the secret and redacts it', () => {
    const env = loadEnvironment(PlatformEnvironment, {
      ...base,
      PLATFORM_VOICE_CALLBACK_SECRET: 'v'.repeat(32),
      PLATFORM_SANDBOX_CALL_STEP_MS: '0',
    });
    expect(voiceCallbackSecretOf(env)).toBe('v'.repeat(32));
    expect(env.PLATFORM_SANDBOX_CALL_STEP_MS).toBe(0);
    expect(redactedEnvironment(env).PLATFORM_VOICE_CALLBACK_SECRET).toBe('[redacted]');
  });

  it.each([
    ['PLATFORM_VOICE_CALLBACK_SECRET', { PLATFORM_VOICE_CALLBACK_SECRET: 'short' }, /at least 32 characters/],
    ['PLATFORM_SANDBOX_CALL_STEP_MS', { PLATFORM_SANDBOX_CALL_STEP_MS: '60001' }, /./],
    ['PLATFORM_SANDBOX_CALL_STEP_MS', { PLATFORM_SANDBOX_CALL_STEP_MS: '-1' }, /./],
    ['PLATFORM_EXPORT_CONCURRENCY', { PLATFORM_EXPORT_CONCURRENCY: '0' }, /./],
    ['PLATFORM_EXPORT_CONCURRENCY', { PLATFORM_EXPORT_CONCURRENCY: '51' }, /./],
  ])('stops start-up naming %s', (variable, override, reason) => {
    const load = () => loadEnvironment(PlatformEnvironment, { ...base, ...override });
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(new RegExp(`${variable}: `));
    expect(load).toThrow(reason);
    expect(load).not.toThrow(/short/);
  });
});

describe('PlatformEnvironment: ad-account variables', () => {
  const base = { PORT: '3003', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

  it('defaults to the sandbox ad platform and an hourly spend sync', () => {
    expect(loadEnvironment(PlatformEnvironment, base)).toMatchObject({
      PLATFORM_AD_PLATFORM: 'sandbox',
      PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: 3600,
    });
    expect(loadEnvironment(PlatformEnvironment, { ...base, PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: '60' })).toMatchObject({
      PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: 60,
    });
  });

  it.each([
    ['PLATFORM_AD_PLATFORM', { PLATFORM_AD_PLATFORM: 'meta' }],
    ['PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS', { PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: '59' }],
    ['PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS', { PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: '86401' }],
  ])('stops start-up naming %s', (variable, override) => {
    const load = () => loadEnvironment(PlatformEnvironment, { ...base, ...override });
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(new RegExp(`${variable}: `));
  });
});
