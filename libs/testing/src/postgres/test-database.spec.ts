import { databaseUrl, uniqueDatabaseName } from './test-database';

describe('uniqueDatabaseName', () => {
  it('is a safe lowercase identifier under 63 bytes, unique per call', () => {
    const name = uniqueDatabaseName('Message-Status Relay!' + 'x'.repeat(80));
    expect(name).toMatch(/^[a-z0-9_]+$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(uniqueDatabaseName('a')).not.toBe(uniqueDatabaseName('a'));
  });
});

describe('databaseUrl', () => {
  it('replaces only the database and keeps credentials and parameters', () => {
    expect(databaseUrl('postgres://u:p@127.0.0.1:5432/test?sslmode=disable', 'x_1')).toBe(
      'postgres://u:p@127.0.0.1:5432/x_1?sslmode=disable',
    );
  });
});
