import { EnvironmentError, loadEnvironment, redactedEnvironment } from '@suite/config';
import { PlatformEnvironment } from './platform-environment';
import { configuredAdProviders } from './reporting';
import { publicUrlOf } from './shared/public-url';
import { SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET, voiceCallbackSecretOf } from './voice';

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

describe('PlatformEnvironment: the live ad platform', () => {
  const base = { PORT: '3003', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  const meta = { META_APP_ID: '1234567890123456', META_APP_SECRET: 'meta-app-secret-value' };
  const google = {
    GOOGLE_ADS_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
    GOOGLE_ADS_CLIENT_SECRET: 'GOCSPX-google-client-secret',
    GOOGLE_ADS_DEVELOPER_TOKEN: 'developer_token-123',
  };
  const live = {
    ...base,
    PLATFORM_AD_PLATFORM: 'live',
    PLATFORM_SECRETS_KEY: 's'.repeat(32),
    PLATFORM_PUBLIC_URL: 'https://suite.example.com',
    ...meta,
    ...google,
  };
  const without = (names: string[]) =>
    Object.fromEntries(Object.entries(live).filter(([name]) => !names.includes(name))) as Record<string, string>;

  it('defaults the provider URLs and needs nothing more with the sandbox', () => {
    const env = loadEnvironment(PlatformEnvironment, base);
    expect(env).toMatchObject({
      META_GRAPH_URL: 'https://graph.facebook.com',
      META_OAUTH_URL: 'https://www.facebook.com',
      GOOGLE_ADS_API_URL: 'https://googleads.googleapis.com',
      GOOGLE_OAUTH_URL: 'https://accounts.google.com',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com',
    });
    expect(env.PLATFORM_SECRETS_KEY).toBeUndefined();
    expect(publicUrlOf(env)).toBe('http://127.0.0.1:3003');
  });

  it('runs live with both providers, or with one of them, and redacts every secret', () => {
    const env = loadEnvironment(PlatformEnvironment, { ...live, PLATFORM_PUBLIC_URL: 'https://suite.example.com/' });
    expect(configuredAdProviders(env)).toEqual(['facebook', 'google']);
    expect(publicUrlOf(env)).toBe('https://suite.example.com');
    const redacted = redactedEnvironment(env);
    for (const name of ['META_APP_SECRET', 'GOOGLE_ADS_CLIENT_SECRET', 'GOOGLE_ADS_DEVELOPER_TOKEN', 'PLATFORM_SECRETS_KEY']) {
      expect(redacted[name]).toBe('[redacted]');
    }
    expect(JSON.stringify(redacted)).not.toContain('meta-app-secret-value');
    expect(configuredAdProviders(loadEnvironment(PlatformEnvironment, without(Object.keys(google))))).toEqual(['facebook']);
    expect(configuredAdProviders(loadEnvironment(PlatformEnvironment, without(Object.keys(meta))))).toEqual(['google']);
  });

  it.each([
    ['META_APP_SECRET', without(['META_APP_SECRET']), /required with PLATFORM_AD_PLATFORM=live/],
    ['META_APP_ID', without(['META_APP_ID']), /required/],
    ['GOOGLE_ADS_DEVELOPER_TOKEN', without(['GOOGLE_ADS_DEVELOPER_TOKEN']), /required/],
    ['GOOGLE_ADS_CLIENT_ID', without(['GOOGLE_ADS_CLIENT_ID', 'GOOGLE_ADS_CLIENT_SECRET']), /required/],
    ['META_APP_ID', without([...Object.keys(meta), ...Object.keys(google)]), /META_APP_SECRET, or GOOGLE_ADS_CLIENT_ID/],
    ['PLATFORM_SECRETS_KEY', without(['PLATFORM_SECRETS_KEY']), /required with PLATFORM_AD_PLATFORM=live/],
    ['PLATFORM_SECRETS_KEY', { ...live, PLATFORM_SECRETS_KEY: 'short-secret-value' }, /at least 32 characters/],
    ['PLATFORM_SECRETS_PREVIOUS_KEYS', { ...live, PLATFORM_SECRETS_PREVIOUS_KEYS: `${'p'.repeat(32)},short-secret-value` }, /32/],
    ['PLATFORM_PUBLIC_URL', without(['PLATFORM_PUBLIC_URL']), /required/],
    ['PLATFORM_PUBLIC_URL', { ...live, PLATFORM_PUBLIC_URL: 'suite.example.com' }, /http/],
    ['META_APP_ID', { ...live, META_APP_ID: 'app-one' }, /digits/],
    ['GOOGLE_ADS_DEVELOPER_TOKEN', { ...live, GOOGLE_ADS_DEVELOPER_TOKEN: 'short-secret-value!' }, /developer token/],
    ['META_GRAPH_URL', { ...live, META_GRAPH_URL: 'ftp://graph.example.com' }, /http/],
    ['GOOGLE_TOKEN_URL', { ...live, GOOGLE_TOKEN_URL: 'https://oauth2.example.com/?x=1' }, /query/],
    ['PLATFORM_SECRETS_KEY', { ...base, PLATFORM_SECRETS_KEY: 'short-secret-value' }, /at least 32/],
  ])('stops start-up naming %s, never printing a value', (variable, env, reason) => {
    const load = () => loadEnvironment(PlatformEnvironment, env);
    expect(load).toThrow(EnvironmentError);
    expect(load).toThrow(new RegExp(`${variable}: `));
    expect(load).toThrow(reason);
    expect(load).not.toThrow(/short-secret-value|app-one/);
  });
});
