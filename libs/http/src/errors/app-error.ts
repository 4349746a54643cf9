/**
 * The few kinds of failure a use case can report. Each app's exception filter maps every
 * kind to a status and to that API's error body, exhaustively (see `STATUS_BY_KIND`).
 */
export type AppErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unprocessable' | 'rate_limited' | 'unavailable';

export const STATUS_BY_KIND: { readonly [K in AppErrorKind]: number } = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Field-level problems, for APIs whose error body lists them. */
    readonly fields: Record<string, string[]> = {},
    /** A stable machine code when the API has one (OAuth's `invalid_grant`, say). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}
