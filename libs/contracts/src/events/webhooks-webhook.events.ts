import { WEBHOOK_EVENT_KINDS } from '../webhooks/webhook-event-kinds';
import { defineEvent } from './define-event';
import { payload, stringEnum, Type, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * A webhook's status. `failed`: a delivery failed after every retry (a later success sets it back
 * to `active`); `disabled`: its endpoint answered 410 Gone.
 */
export const WEBHOOK_STATUSES = ['active', 'failed', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

const companyId = Type.String({ pattern: '^[0-9]+$', description: 'numeric company id' });
const webhookId = Type.String({ maxLength: 64, description: 'the webhook (subscription) id' });

/**
 * Payload of `webhook.delivery_failed` on `webhooks.webhook.v1` (published by webhook-dispatch):
 * a delivery failed for good — its 5th attempt failed, or the endpoint answered 410. Subject: the
 * webhook id.
 */
export const webhookDeliveryFailedSchema = payload({
  company_id: companyId,
  webhook_id: webhookId,
  delivery_id: Type.String({ maxLength: 64 }),
  /** The delivered event's id (the `webhook-id` header receivers dedup on). */
  event_id: Type.String({ maxLength: 64, description: 'the webhook-id header of the delivery' }),
  event: stringEnum(WEBHOOK_EVENT_KINDS),
  attempts: Type.Integer({ minimum: 1 }),
  /** The last attempt's outcome, e.g. `HTTP 500`, `timeout`, `HTTP 302 (redirects are failures)`. */
  last_error: Type.String({ maxLength: 1024 }),
  failed_at: instant,
});
export type WebhookDeliveryFailedData = Static<typeof webhookDeliveryFailedSchema>;

/** Payload of `webhook.status_changed` on `webhooks.webhook.v1`. Subject: the webhook id. */
export const webhookStatusChangedSchema = payload({
  company_id: companyId,
  webhook_id: webhookId,
  status: stringEnum(WEBHOOK_STATUSES),
  previous_status: stringEnum(WEBHOOK_STATUSES),
  /** Why, e.g. `delivery_failed`, `endpoint_gone`, `changed_by_user`. */
  reason: Type.String({ maxLength: 255 }),
  changed_at: instant,
});
export type WebhookStatusChangedData = Static<typeof webhookStatusChangedSchema>;

/**
 * Payload of `webhook.contact_erased` on `webhooks.webhook.v1`: webhook-dispatch did its part of a
 * CRM contact's erasure (`crm_contact.erased`): the stored deliveries and attempt answers that
 * mention the contact are scrubbed. Subject: `<company_id>:crm:<crm_contact_id>`.
 */
export const webhookContactErasedSchema = payload({
  company_id: companyId,
  crm_contact_id: numericId,
  /** Deliveries whose payload (and attempts' answers) were scrubbed; pending ones are failed, never sent. */
  deliveries_scrubbed: Type.Integer({ minimum: 0 }),
  erased_at: instant,
});
export type WebhookContactErasedData = Static<typeof webhookContactErasedSchema>;

export const WEBHOOKS_WEBHOOK_EVENTS = [
  defineEvent(
    'webhook.delivery_failed',
    Topics.webhooksWebhook,
    webhookDeliveryFailedSchema,
    'A webhook delivery failed for good: its 5th attempt failed, or the endpoint answered 410 Gone.',
  ),
  defineEvent(
    'webhook.status_changed',
    Topics.webhooksWebhook,
    webhookStatusChangedSchema,
    'A webhook changed status (e.g. marked failed after a failed delivery, disabled by a 410); `reason` says why.',
  ),
  defineEvent(
    'webhook.contact_erased',
    Topics.webhooksWebhook,
    webhookContactErasedSchema,
    'Webhook-dispatch scrubbed the stored deliveries and attempt answers that mention an erased CRM contact.',
  ),
] as const;
