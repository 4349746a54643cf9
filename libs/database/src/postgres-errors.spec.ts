import { QueryFailedError } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation, sqlStateOf } from './postgres-errors';

const failed = (code: string, constraint?: string) =>
  new QueryFailedError('INSERT ...', [], Object.assign(new Error('violation'), { code, constraint }));

describe('PostgreSQL error helpers', () => {
  it('reads the SQLSTATE of a failed query, and nothing from other errors', () => {
    expect(sqlStateOf(failed('23505'))).toBe('23505');
    expect(sqlStateOf(Object.assign(new Error('not a query'), { code: '23505' }))).toBeUndefined();
  });

  it('tells unique and foreign-key violations apart, optionally by constraint', () => {
    expect(isUniqueViolation(failed('23505', 'uq_users_email'))).toBe(true);
    expect(isUniqueViolation(failed('23505', 'uq_users_email'), 'uq_users_email')).toBe(true);
    expect(isUniqueViolation(failed('23505', 'uq_other'), 'uq_users_email')).toBe(false);
    expect(isUniqueViolation(failed('23503'))).toBe(false);
    expect(isForeignKeyViolation(failed('23503', 'fk_mailbox_domain'))).toBe(true);
    expect(isForeignKeyViolation(failed('23505'))).toBe(false);
  });
});
