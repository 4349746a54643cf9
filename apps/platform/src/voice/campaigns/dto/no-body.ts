import { AppError } from '@suite/http';

/**
 * Start and stop take no body. A body sent anyway is refused (400 naming its fields, as the
 * validation pipe names unknown fields elsewhere) rather than ignored: a caller may believe a
 * field has an effect. Checked here, not by an empty DTO class, because the pipe refuses a
 * missing body for a class ("an unknown value"), and no body is the normal call.
 */
export function refuseBody(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('invalid', 'This request takes no body.', {});
  const fields = Object.keys(body).slice(0, 20);
  if (fields.length === 0) return;
  throw new AppError(
    'invalid',
    'This request takes no body.',
    Object.fromEntries(fields.map((field) => [field, [`property ${field} should not exist`]])),
  );
}
