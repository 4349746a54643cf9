import type { WebhookEntity } from '../webhooks/webhook.entity';
import type { BegunAttempt } from './attempt-log';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';

/**
 * What an attempt needs: the delivery (what to send) and its webhook (where, signed how); and the
 * attempt, already written in flight, when one is to be made (null: none — the delivery is final,
 * its webhook gone or disabled, or the circuit open).
 */
export interface AttemptContext {
  attempt: BegunAttempt | null;
  delivery: Pick<WebhookDeliveryEntity, 'id' | 'status' | 'attempts' | 'event' | 'eventId' | 'data' | 'occurredAt'>;
  webhook: Pick<
    WebhookEntity,
    'id' | 'url' | 'status' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'circuitOpenUntil'
  > | null;
}
