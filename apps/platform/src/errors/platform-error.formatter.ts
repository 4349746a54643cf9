import type { ErrorBodyFormatter, ErrorBodySchema } from '@suite/runtime';

/** Platform API error body: `{ success: false, message, errors: { field: [..] } }`. */
export const formatPlatformError: ErrorBodyFormatter = (failure) => ({
  body: { success: false, message: failure.message, errors: failure.fields },
});

/** The same body in the OpenAPI document (`ApiError`): what formatPlatformError writes. */
export const PLATFORM_ERROR_BODY: ErrorBodySchema = {
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
