import { QueryFailedError } from 'typeorm';

/** The SQLSTATE of a failed query (23503 foreign_key_violation, ...). */
export function sqlStateOf(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';
