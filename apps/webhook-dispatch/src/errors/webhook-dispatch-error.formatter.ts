import type { ErrorBodyFormatter } from '@suite/runtime';

/** Webhook management shares the platform's error body: `{ success: false, message, errors }`. */
export const formatWebhookDispatchError: ErrorBodyFormatter = (failure) => ({
  body: { success: false, message: failure.message, errors: failure.fields },
});
