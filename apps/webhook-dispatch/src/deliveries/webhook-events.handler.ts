import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WEBHOOK_SOURCE_EVENT_TYPES, webhookOfEvent, type DomainEvent, type WebhookSourceEventType } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { WebhookDeliveriesStore } from './webhook-deliveries.store';

/**
 * The domain events webhook kinds follow from (libs/contracts WEBHOOK_KIND_SOURCES): each becomes
 * one delivery per subscribed webhook (limited to a list: one the event is about, decision 0036),
 * with its first attempt's job, in the inbox's transaction — so an event redelivered by Kafka is
 * not delivered twice, and one whose handling fails leaves nothing behind. The rows are written at
 * the end of the transaction, for the whole chunk at once (WebhookDeliveriesStore.fanOutAtChunkEnd).
 */
@Injectable()
export class WebhookEventsHandler {
  constructor(private readonly deliveries: WebhookDeliveriesStore) {}

  @OnEvent(...WEBHOOK_SOURCE_EVENT_TYPES)
  // async: @OnEvent methods answer a promise; the rows are written when the chunk ends.
  async deliver(event: DomainEvent<WebhookSourceEventType>, manager: EntityManager): Promise<void> {
    const webhook = webhookOfEvent(event.type, event.data);
    if (!webhook || event.company_id === null) return;
    this.deliveries.fanOutAtChunkEnd(manager, {
      eventId: event.id,
      companyId: event.company_id,
      occurredAt: new Date(event.occurred_at),
      kind: webhook.kind,
      data: webhook.data,
      audience: webhook.audience,
    });
  }
}
