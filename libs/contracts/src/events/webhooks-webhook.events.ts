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

/**
 * Payload of `webhook.contact_erased` on `webhooks.webhook.v1`: webhook-dispatch did its part of a
 * CRM contact's erasure (`crm_contact.erased`): the stored deliveries and attempt answers that
 * mention the contact are scrubbed. Subject: `<company_id>:crm:<crm_contact_id>`.
 */
export interface WebhookContactErasedData {
  company_id: string;
  crm_contact_id: string;
  /** Deliveries whose payload (and attempts' answers) were scrubbed; pending ones are failed, never sent. */
  deliveries_scrubbed: number;
  erased_at: string;
}

export const webhookContactErasedSchema = payloadSchema<WebhookContactErasedData>({
  properties: {
    company_id: companyId,
    crm_contact_id: { type: 'string', pattern: '^[0-9]+$' },
    deliveries_scrubbed: { type: 'integer', minimum: 0 },
    erased_at: { type: 'string', format: 'date-time' },
  },
  required: ['company_id', 'crm_contact_id', 'deliveries_scrubbed', 'erased_at'],
});
