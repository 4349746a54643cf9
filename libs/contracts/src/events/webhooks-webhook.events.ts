import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../webhooks/webhook-event-kinds';
import { payloadSchema } from './payload-schema';

/**
 * A webhook's status. `failed`: a delivery failed after every retry (a later success sets it back
 * to `active`); `disabled`: its endpoint answered 410 Gone.
 */
export const WEBHOOK_STATUSES = ['active', 'failed', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/**
 * Payload of `webhook.delivery_failed` on `webhooks.webhook.v1` (published by webhook-dispatch):
 * a delivery failed for good — its 5th attempt failed, or the endpoint answered 410. Subject: the
 * webhook id.
 */
export interface WebhookDeliveryFailedData {
  company_id: string;
  webhook_id: string;
  delivery_id: string;
  /** The delivered event's id (the `webhook-id` header receivers dedup on). */
  event_id: string;
  event: WebhookEventKind;
  attempts: number;
  /** The last attempt's outcome, e.g. `HTTP 500`, `timeout`, `HTTP 302 (redirects are failures)`. */
  last_error: string;
  failed_at: string;
}

/** Payload of `webhook.status_changed` on `webhooks.webhook.v1`. Subject: the webhook id. */
export interface WebhookStatusChangedData {
  company_id: string;
  webhook_id: string;
  status: WebhookStatus;
  previous_status: WebhookStatus;
  /** Why, e.g. `delivery_failed`, `endpoint_gone`, `changed_by_user`. */
  reason: string;
  changed_at: string;
}

const companyId = { type: 'string', pattern: '^[0-9]+$', description: 'numeric company id' } as const;
const webhookId = { type: 'string', maxLength: 64, description: 'the webhook (subscription) id' } as const;
const instant = { type: 'string', format: 'date-time' } as const;

export const webhookDeliveryFailedSchema = payloadSchema<WebhookDeliveryFailedData>({
  properties: {
    company_id: companyId,
    webhook_id: webhookId,
    delivery_id: { type: 'string', maxLength: 64 },
    event_id: { type: 'string', maxLength: 64, description: 'the webhook-id header of the delivery' },
    event: { type: 'string', enum: WEBHOOK_EVENT_KINDS },
    attempts: { type: 'integer', minimum: 1 },
    last_error: { type: 'string', maxLength: 1024 },
    failed_at: instant,
  },
  required: ['company_id', 'webhook_id', 'delivery_id', 'event_id', 'event', 'attempts', 'last_error', 'failed_at'],
});

export const webhookStatusChangedSchema = payloadSchema<WebhookStatusChangedData>({
  properties: {
    company_id: companyId,
    webhook_id: webhookId,
    status: { type: 'string', enum: WEBHOOK_STATUSES },
    previous_status: { type: 'string', enum: WEBHOOK_STATUSES },
    reason: { type: 'string', maxLength: 255 },
    changed_at: instant,
  },
  required: ['company_id', 'webhook_id', 'status', 'previous_status', 'reason', 'changed_at'],
});
