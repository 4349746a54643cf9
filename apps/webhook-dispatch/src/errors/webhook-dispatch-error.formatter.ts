import type { ErrorBodyFormatter, ErrorBodySchema } from '@suite/runtime';

/** Webhook management shares the platform's error body: `{ success: false, message, errors }`. */
export const formatWebhookDispatchError: ErrorBodyFormatter = (failure) => ({
  body: { success: false, message: failure.message, errors: failure.fields },
});

/** The same body in the OpenAPI document (`ApiError`): what formatWebhookDispatchError writes. */
export const WEBHOOK_DISPATCH_ERROR_BODY: ErrorBodySchema = {
  type: 'object',
  required: ['success', 'message', 'errors'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', example: 'name must not be blank' },
    errors: {
      type: 'object',
      description: 'Problems per field (empty when the failure is not about a field)',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};
