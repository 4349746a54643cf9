import { defineJob } from '@suite/jobs';

export const WEBHOOK_DELIVER_QUEUE = defineJob<WebhookDeliverJob>('webhook.deliver', { app: 'webhook-dispatch' });

/**
 * A delivery's job points at its row; the company scopes every query. `manual`: a replay or a
 * test send, which a user asked for now — the circuit breaker does not hold it back.
 */
export interface WebhookDeliverJob {
  deliveryId: string;
  companyId: string;
  manual?: true;
  /** The trace that enqueued the attempt (the event's handling, a test send's request): the attempt's span continues it (decision 0046). */
  traceparent?: string;
}
