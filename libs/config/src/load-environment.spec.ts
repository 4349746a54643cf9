import { BaseEnvironment } from './base-environment';
import { EnvironmentError, loadEnvironment, redactedEnvironment } from './load-environment';

describe('loadEnvironment', () => {
  const valid = { PORT: '3001', DATABASE_URL: 'postgres://u:secret@127.0.0.1:5432/db' };

  it('converts types and applies defaults', () => {
    const env = loadEnvironment(BaseEnvironment, {
      ...valid,
      KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
      DATABASE_SSL: 'true',
    });
    expect(env.PORT).toBe(3001);
    expect(env.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
    expect(env.DATABASE_SSL).toBe(true);
    expect(env.MIGRATIONS_RUN).toBe(true);
    expect(env.KAFKA_TOPIC_PARTITIONS).toBe(6);
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.EVENT_RELAY_UNHEALTHY_AFTER_MS).toBe(60_000);
    expect(
      loadEnvironment(BaseEnvironment, { ...valid, EVENT_RELAY_UNHEALTHY_AFTER_MS: '120000' }).EVENT_RELAY_UNHEALTHY_AFTER_MS,
    ).toBe(120_000);
    expect([env.HTTP_REQUEST_TIMEOUT_MS, env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_KEEP_ALIVE_TIMEOUT_MS]).toEqual([
      30_000, 10_000, 72_000,
    ]);
  });

  it('reads "false", "0" and "no" as false (not as the truthy string they are)', () => {
    for (const value of ['false', 'FALSE', '0', 'no']) {
      const env = loadEnvironment(BaseEnvironment, { ...valid, MIGRATIONS_RUN: value, DATABASE_SSL: value });
      expect({ value, MIGRATIONS_RUN: env.MIGRATIONS_RUN, DATABASE_SSL: env.DATABASE_SSL }).toEqual({
        value,
        MIGRATIONS_RUN: false,
        DATABASE_SSL: false,
      });
    }
    expect(loadEnvironment(BaseEnvironment, { ...valid, MIGRATIONS_RUN: 'yes' }).MIGRATIONS_RUN).toBe(true);
  });

  it('reads TRUSTED_PROXIES as a list of addresses and ranges, empty (trust no proxy) by default', () => {
    expect(loadEnvironment(BaseEnvironment, valid).TRUSTED_PROXIES).toEqual([]);
    expect(
      loadEnvironment(BaseEnvironment, { ...valid, TRUSTED_PROXIES: '10.0.0.0/8, 172.29.240.10,fd00::/8' }).TRUSTED_PROXIES,
    ).toEqual(['10.0.0.0/8', '172.29.240.10', 'fd00::/8']);
    expect(() => loadEnvironment(BaseEnvironment, { ...valid, TRUSTED_PROXIES: '0.0.0.0/0' })).toThrow(
      'Invalid environment: TRUSTED_PROXIES: TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges, e.g. 10.0.0.0/8,192.0.2.7 (no /0)',
    );
  });

  it('reads LOG_FORMAT as json or pretty, unset by default (then stdout decides: log-format.ts)', () => {
    expect(loadEnvironment(BaseEnvironment, valid).LOG_FORMAT).toBeUndefined();
    expect(loadEnvironment(BaseEnvironment, { ...valid, LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadEnvironment(BaseEnvironment, { ...valid, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadEnvironment(BaseEnvironment, { ...valid, LOG_FORMAT: 'yaml' })).toThrow(
      'Invalid environment: LOG_FORMAT: LOG_FORMAT must be one of json, pretty',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnvironment(BaseEnvironment, { ...valid, KAFKA_BROKERS: '', LOG_LEVEL: '' }).KAFKA_BROKERS).toEqual([]);
  });

  it.each([
    ['DATABASE_URL', { PORT: '3001' }],
    ['DATABASE_URL', { ...valid, DATABASE_URL: 'mysql://x' }],
    ['PORT', { ...valid, PORT: 'eighty' }],
    ['KAFKA_BROKERS', { ...valid, KAFKA_BROKERS: 'not a broker' }],
    ['LOG_LEVEL', { ...valid, LOG_LEVEL: 'loud' }],
    ['LOG_FORMAT', { ...valid, LOG_FORMAT: 'yaml' }],
    ['INTERNAL_API_TOKEN', { ...valid, INTERNAL_API_TOKEN: 'short' }],
    ['KAFKA_REPLICATION_FACTOR', { ...valid, KAFKA_REPLICATION_FACTOR: '0' }],
    ['TRUSTED_PROXIES', { ...valid, TRUSTED_PROXIES: '10.0.0.0/8,ingress' }],
    ['TRUSTED_PROXIES', { ...valid, TRUSTED_PROXIES: 'loopback' }],
    ['EVENT_RELAY_UNHEALTHY_AFTER_MS', { ...valid, EVENT_RELAY_UNHEALTHY_AFTER_MS: '500' }],
    ['EVENT_RELAY_UNHEALTHY_AFTER_MS', { ...valid, EVENT_RELAY_UNHEALTHY_AFTER_MS: 'a minute' }],
    ['HTTP_REQUEST_TIMEOUT_MS', { ...valid, HTTP_REQUEST_TIMEOUT_MS: '0' }],
    ['HTTP_HEADERS_TIMEOUT_MS', { ...valid, HTTP_HEADERS_TIMEOUT_MS: 'soon' }],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', { ...valid, HTTP_KEEP_ALIVE_TIMEOUT_MS: '999999999' }],
  ])('names %s when it is bad', (variable, env) => {
    expect(() => loadEnvironment(BaseEnvironment, env)).toThrow(EnvironmentError);
    expect(() => loadEnvironment(BaseEnvironment, env)).toThrow(new RegExp(`^Invalid environment: ${variable}: `));
  });

  it('never puts a secret value into the error or the printable copy', () => {
    const secret = 'tok_'.padEnd(12, 'x');
    let message = '';
    try {
      loadEnvironment(BaseEnvironment, { ...valid, INTERNAL_API_TOKEN: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('INTERNAL_API_TOKEN');
    expect(message).not.toContain(secret);
    const printable = redactedEnvironment(loadEnvironment(BaseEnvironment, valid));
    expect(printable.DATABASE_URL).toBe('[redacted]');
    expect(printable.PORT).toBe(3001);
  });
});
