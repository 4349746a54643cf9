import { defineJob } from '@suite/jobs';

/**
 * The SMS fallback's job, in a file of its own: the service that runs it and the queue that
 * schedules it both name it, and neither has to import the other for it.
 */
export const SMS_FALLBACK_QUEUE = defineJob<SmsFallbackJob>('messaging.sms_fallback', { app: 'messaging' });

/** One iMessage to resend by SMS: the message, and the attempt (hand-off) the provider reported undelivered. */
export interface SmsFallbackJob {
  readonly messageId: string;
  readonly attemptId: string;
}
