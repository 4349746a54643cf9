import type { ErrorBodyFormatter } from '@suite/runtime';

/** Messaging API error body: `{ error: string }`, a sentence telling the caller what to fix. */
export const formatMessagingError: ErrorBodyFormatter = (failure) => ({ body: { error: failure.message } });
