import type { ErrorBodyFormatter, ErrorBodySchema } from '@suite/http';

/** Messaging API error body: `{ error: string }`, a sentence telling the caller what to fix. */
export const formatMessagingError: ErrorBodyFormatter = (failure) => ({ body: { error: failure.message } });

/** The same body in the OpenAPI document (`ApiError`): what formatMessagingError writes. */
export const MESSAGING_ERROR_BODY: ErrorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', description: 'What went wrong and what to fix', example: 'message is required' } },
};
