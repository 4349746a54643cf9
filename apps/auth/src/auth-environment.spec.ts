import { EnvironmentError, redactedEnvironment } from '@suite/config';
import { loadAuthEnvironment } from './auth.app';

describe('AuthEnvironment', () => {
  const valid = { DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/db' };

  it('runs without its secrets (per-process sessions, keys stored unencrypted) on its port', () => {
    const env = loadAuthEnvironment(valid);
    expect(env.PORT).toBe(3002);
    expect(env.AUTH_SESSION_SECRET).toBeUndefined();
    expect(env.AUTH_KEY_ENCRYPTION_SECRET).toBeUndefined();
  });

  it('reads both secrets and redacts them', () => {
    const env = loadAuthEnvironment({
      ...valid,
      AUTH_SESSION_SECRET: 's'.repeat(32),
      AUTH_KEY_ENCRYPTION_SECRET: 'k'.repeat(32),
    });
    expect(env.AUTH_SESSION_SECRET).toBe('s'.repeat(32));
    expect(redactedEnvironment(env)).toMatchObject({
      AUTH_SESSION_SECRET: '[redacted]',
      AUTH_KEY_ENCRYPTION_SECRET: '[redacted]',
    });
  });

  it.each(['AUTH_SESSION_SECRET', 'AUTH_KEY_ENCRYPTION_SECRET'])(
    'stops start-up naming %s when shorter than 32 characters',
    (name) => {
      const load = () => loadAuthEnvironment({ ...valid, [name]: 'short-secret-value' });
      expect(load).toThrow(EnvironmentError);
      expect(load).toThrow(`Invalid environment: ${name}: ${name} must be at least 32 characters`);
      expect(load).not.toThrow(/short-secret-value/);
    },
  );
});
