import { loadEnvironment } from '@suite/runtime';
import { MessagingEnvironment } from '../../config/messaging-environment';
import { emailDispatchOptions } from './email-dispatch.options';
import { afterFailure, retryDelayMs } from './retry-policy';

const policy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 5000 };

describe('email retry policy', () => {
  it('doubles the delay per attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('retries transient failures until the last attempt', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
    expect(afterFailure(policy, 1, refused)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(afterFailure(policy, 3, Object.assign(new Error('451 try later'), { responseCode: 451, permanent: false }))).toEqual({
      kind: 'retry',
      delayMs: 4000,
    });
    expect(afterFailure(policy, 4, refused)).toEqual({ kind: 'fail' });
  });

  it('fails at once on a permanent (5xx) rejection', () => {
    expect(afterFailure(policy, 1, Object.assign(new Error('550 no such user'), { responseCode: 550, permanent: true }))).toEqual(
      { kind: 'fail' },
    );
  });
});

describe('email dispatch settings', () => {
  const base = { PORT: '0', DATABASE_URL: 'postgres://u@127.0.0.1/db' };
  const load = (extra: Record<string, string>) => loadEnvironment(MessagingEnvironment, { ...base, ...extra });

  it('has working defaults', () => {
    const options = emailDispatchOptions(load({}));
    expect(options.handOffTimeoutMs).toBe(90_000);
    expect(options.claimTimeoutMs).toBeGreaterThanOrEqual(2 * options.handOffTimeoutMs);
  });

  it('refuses a lease shorter than two hand-offs, naming the variable', () => {
    expect(() => emailDispatchOptions(load({ MESSAGING_EMAIL_CLAIM_TIMEOUT_MS: '60000' }))).toThrow(
      /^Invalid environment: MESSAGING_EMAIL_CLAIM_TIMEOUT_MS: /,
    );
  });

  it('validates MESSAGING_SMTP_URL at load and never echoes it', () => {
    expect(load({ MESSAGING_SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' }).MESSAGING_SMTP_URL).toBe(
      'smtp://user:pass@127.0.0.1:2525',
    );
    expect(load({ MESSAGING_SMTP_URL: 'smtps://relay.example.com:465' }).MESSAGING_SMTP_URL).toBe(
      'smtps://relay.example.com:465',
    );
    let message = '';
    try {
      load({ MESSAGING_SMTP_URL: 'http://user:secret-pass@relay' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment: MESSAGING_SMTP_URL: /);
    expect(message).not.toContain('secret-pass');
  });
});
