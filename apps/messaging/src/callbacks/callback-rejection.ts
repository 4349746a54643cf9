import { AppError } from '@suite/http';
import type { CallbackRejectedError } from '../carrier/carrier-errors';

/** A refused callback as the route answers it: 400 for a body we cannot read, 401 for any signature problem. */
export function callbackRejectionError(rejection: CallbackRejectedError): AppError {
  return rejection.reason === 'malformed_body'
    ? new AppError('invalid', rejection.message)
    : new AppError('unauthenticated', rejection.message);
}
