import { EnvironmentError, loadEnvironment, redactedEnvironment } from '@suite/config';
import { PlatformEnvironment } from './platform-environment';

/** PLATFORM_VOICE_PROVIDER=retell and its providers' variables (docs/voice.md, "Going live"). */
describe('PlatformEnvironment: the voice providers going live', () => {
  const base = { PORT: '3003', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  const retell = {
    ...base,
    PLATFORM_VOICE_PROVIDER: 'retell',
    PLATFORM_PUBLIC_URL: 'https://app.example.com',
    RETELL_API_KEY: 'key_retell_0123456789abcdef',
    TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'f'.repeat(32),
    TWILIO_SIP_TRUNK_SID: `TK${'b'.repeat(32)}`,
    TWILIO_SIP_TERMINATION_URI: 'suite-trunk.pstn.twilio.com',
  };
  const load = (env: Record<string, string | undefined>) => () => loadEnvironment(PlatformEnvironment, env);

  it('keeps the sandbox the default, with the providers’ default URLs and no credential needed', () => {
    expect(loadEnvironment(PlatformEnvironment, base)).toMatchObject({
      PLATFORM_VOICE_PROVIDER: 'sandbox',
      RETELL_API_URL: 'https://api.retellai.com',
      TWILIO_API_URL: 'https://api.twilio.com',
      TELNYX_API_URL: 'https://api.telnyx.com',
      PLATFORM_CALL_ANALYSIS_WAIT_SECONDS: 300,
    });
  });

  it('starts with Retell, Telnyx optional, no PLATFORM_VOICE_CALLBACK_SECRET needed (Retell signs with its key), and redacts the secrets', () => {
    const env = loadEnvironment(PlatformEnvironment, { ...retell, TELNYX_API_KEY: 'KEY0123456789ABCDEF' });
    expect(env.PLATFORM_VOICE_PROVIDER).toBe('retell');
    const shown = redactedEnvironment(env);
    expect(shown).toMatchObject({
      RETELL_API_KEY: '[redacted]',
      TWILIO_AUTH_TOKEN: '[redacted]',
      TELNYX_API_KEY: '[redacted]',
      TWILIO_ACCOUNT_SID: retell.TWILIO_ACCOUNT_SID,
      PLATFORM_PUBLIC_URL: 'https://app.example.com',
    });
    expect(loadEnvironment(PlatformEnvironment, retell).TELNYX_API_KEY).toBeUndefined();
  });

  it.each([
    'PLATFORM_PUBLIC_URL',
    'RETELL_API_KEY',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_SIP_TRUNK_SID',
    'TWILIO_SIP_TERMINATION_URI',
  ] as const)('stops start-up naming %s when Retell runs without it', (variable) => {
    const run = load({ ...retell, [variable]: undefined });
    expect(run).toThrow(EnvironmentError);
    expect(run).toThrow(new RegExp(`${variable}: ${variable} is required with PLATFORM_VOICE_PROVIDER=retell`));
  });

  it.each([
    ['PLATFORM_VOICE_PROVIDER', { PLATFORM_VOICE_PROVIDER: 'vapi' }],
    ['PLATFORM_PUBLIC_URL', { PLATFORM_PUBLIC_URL: 'app.example.com' }],
    ['PLATFORM_PUBLIC_URL', { PLATFORM_PUBLIC_URL: 'https://app.example.com/?x=1' }],
    ['RETELL_API_KEY', { RETELL_API_KEY: 'has space in it' }],
    ['RETELL_API_URL', { RETELL_API_URL: 'ftp://api.retellai.com' }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_ACCOUNT_SID: 'AC123' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: 'short-secret' }],
    ['TWILIO_SIP_TRUNK_SID', { TWILIO_SIP_TRUNK_SID: 'TK-nope' }],
    ['TWILIO_SIP_TERMINATION_URI', { TWILIO_SIP_TERMINATION_URI: 'sip.example.com' }],
    ['TELNYX_API_KEY', { TELNYX_API_KEY: 'short' }],
    ['TELNYX_API_URL', { TELNYX_API_URL: 'not a url' }],
    ['PLATFORM_CALL_ANALYSIS_WAIT_SECONDS', { PLATFORM_CALL_ANALYSIS_WAIT_SECONDS: '3601' }],
  ])('stops start-up naming %s when malformed, without printing a secret', (variable, override) => {
    const run = load({ ...retell, ...override });
    expect(run).toThrow(EnvironmentError);
    expect(run).toThrow(new RegExp(`${variable}: `));
    expect(run).not.toThrow(/short-secret|has space in it/);
  });

  it('checks a Retell variable set beside the sandbox too: malformed is never silently kept', () => {
    expect(load({ ...base, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID: /);
  });
});
