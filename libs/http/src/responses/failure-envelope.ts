import type { ErrorBodyFormatter } from '../errors/api-exception.filter';
import type { ErrorBodySchema } from '../openapi/api-error-schema';

/**
 * The failure body of the platform API and of webhook management, which shares its shape:
 * `{ success: false, message, errors: { field: [..] } }`, the counterpart of success(). Apps with
 * this shape pass both to createApp; messaging and auth have their own (`{error}`, OAuth's body).
 */
export const formatFailureEnvelope: ErrorBodyFormatter = (failure) => ({
  body: { success: false, message: failure.message, errors: failure.fields },
});

/** The same body in the OpenAPI document (`ApiError`): what formatFailureEnvelope writes. */
export const FAILURE_ENVELOPE_BODY: ErrorBodySchema = {
  type: 'object',
  required: ['success', 'message', 'errors'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'What went wrong and what to fix', example: 'The email has already been taken.' },
    errors: {
      type: 'object',
      description:
        'Problems per field, e.g. `{ "email": ["The email has already been taken."] }`; empty when the failure is not about a field',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};
