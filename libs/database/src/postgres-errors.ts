import { QueryFailedError } from 'typeorm';

/** SQLSTATEs the apps act on (PostgreSQL, Appendix A). */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** What PostgreSQL said about a failed query, when `error` is one (TypeORM's QueryFailedError). */
function driverErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  return error.driverError as { code?: unknown; constraint?: unknown } | undefined;
}

/** The SQLSTATE of a failed query (23503 foreign_key_violation, ...). */
export function sqlStateOf(error: unknown): string | undefined {
  const code = driverErrorOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a violation of `state`, optionally of one constraint or index by name. */
function isViolation(error: unknown, state: string, constraint?: string): boolean {
  return sqlStateOf(error) === state && (constraint === undefined || driverErrorOf(error)?.constraint === constraint);
}

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  isViolation(error, SqlState.uniqueViolation, constraint);

export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  isViolation(error, SqlState.foreignKeyViolation, constraint);
