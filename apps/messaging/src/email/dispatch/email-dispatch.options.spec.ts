import { loadEnvironment } from '@suite/config';
import { MessagingEnvironment } from '../../messaging-environment';
import { emailDispatchOptions } from './email-dispatch.options';
import { retryDelayMs } from '@suite/jobs';

describe('email retry schedule', () => {
  it('doubles the delay per attempt up to the cap, for MESSAGING_EMAIL_MAX_ATTEMPTS runs', () => {
    const { retry } = emailDispatchOptions(
      loadEnvironment(MessagingEnvironment, {
        PORT: '0',
        DATABASE_URL: 'postgres://u@127.0.0.1/db',
        MESSAGING_EMAIL_MAX_ATTEMPTS: '5',
        MESSAGING_EMAIL_RETRY_BASE_MS: '1000',
        MESSAGING_EMAIL_RETRY_MAX_MS: '5000',
      }),
    );
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(retry, attempt))).toEqual([1000, 2000, 4000, 5000, null]);
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
