import type { ErrorBodyFormatter } from '@suite/runtime';

/** Platform API error body: `{ success: false, message, errors: { field: [..] } }`. */
export const formatPlatformError: ErrorBodyFormatter = (failure) => ({
  body: { success: false, message: failure.message, errors: failure.fields },
});
