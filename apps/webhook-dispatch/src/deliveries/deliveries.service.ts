import { CompanyScopedRepository } from '@suite/database';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { WebhookEventKind } from '@suite/contracts';
import { AppError, type PageRequest } from '@suite/http';
import { DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND } from '../webhooks/webhook-id.pipe';
import { WebhookEntity } from '../webhooks/webhook.entity';
import { WebhooksService } from '../webhooks/webhooks.service';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveriesStore } from './webhook-deliveries.store';
import { WebhookDeliveryEntity, type WebhookDeliveryStatus } from './webhook-delivery.entity';
import { WEBHOOK_SAMPLE_DATA } from './webhook-samples';
import { isErasedPayload } from './erased-payload';

export const WEBHOOK_DISABLED = 'The webhook is disabled; it gets no deliveries until it is enabled again.';
export const DELIVERY_PENDING = 'The delivery is still pending; replay it once it is delivered or failed.';
export const DELIVERY_WEBHOOK_GONE = 'The webhook of this delivery was deleted.';
export const DELIVERY_ERASED = 'The delivery was about an erased contact; its payload is gone and it cannot be sent again.';

/** Test sends a webhook may have in any minute: each is up to five requests to an address the tenant chooses. */
export const TEST_SENDS_PER_MINUTE = 10;
export const TOO_MANY_TEST_SENDS = `At most ${TEST_SENDS_PER_MINUTE} test sends a minute per webhook; retry after Retry-After seconds.`;

/** The 11th test send of a minute: 429, and how long until the next one is allowed. */
export class TestSendsLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', TOO_MANY_TEST_SENDS);
  }
}

export interface DeliveryFilters {
  status?: WebhookDeliveryStatus;
  event?: WebhookEventKind;
}

/**
 * A company's deliveries as the API shows them (decision 0030): a webhook's list, one delivery with
 * its attempts, a replay and a test send. Sending goes through WebhookDeliveriesStore — the same
 * rows and `webhook.deliver` jobs as an event's fan-out, enqueued in the request's transaction.
 */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksService,
    private readonly store: WebhookDeliveriesStore,
  ) {}

  /** A page of the webhook's deliveries, newest first; 404 when the webhook is not the company's. */
  async list(
    companyId: string,
    webhookId: string,
    filters: DeliveryFilters,
    page: PageRequest,
  ): Promise<[WebhookDeliveryEntity[], number]> {
    await this.webhooks.get(companyId, webhookId);
    return this.deliveries(this.dataSource, companyId).findAndCount({
      where: {
        webhookId,
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.event ? { event: filters.event } : {}),
      },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: page.offset,
      take: page.perPage,
    });
  }

  /** The delivery and every attempt it had, oldest first. */
  async get(companyId: string, id: string): Promise<{ delivery: WebhookDeliveryEntity; attempts: WebhookAttemptEntity[] }> {
    const delivery = await this.deliveries(this.dataSource, companyId).findOneBy({ id });
    if (!delivery) throw new AppError('not_found', DELIVERY_NOT_FOUND);
    const attempts = await CompanyScopedRepository.of(this.dataSource, WebhookAttemptEntity, companyId).find({
      where: { deliveryId: id },
      order: { at: 'ASC', id: 'ASC' },
    });
    return { delivery, attempts };
  }

  /** A delivered or failed delivery sent again now, same event id, as a new series of attempts (409: pending, webhook disabled, erased). */
  async replay(companyId: string, id: string): Promise<WebhookDeliveryEntity> {
    return this.dataSource.transaction(async (manager) => {
      const delivery = await this.deliveries(manager, companyId).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw new AppError('not_found', DELIVERY_NOT_FOUND);
      const webhook = await this.webhookOf(manager, companyId, delivery.webhookId);
      if (!webhook) throw new AppError('conflict', DELIVERY_WEBHOOK_GONE);
      if (webhook.status === 'disabled') throw new AppError('conflict', WEBHOOK_DISABLED);
      if (delivery.status === 'pending') throw new AppError('conflict', DELIVERY_PENDING);
      if (isErasedPayload(delivery.data)) throw new AppError('conflict', DELIVERY_ERASED);
      return this.store.replay(manager, delivery);
    });
  }

  /**
   * One delivery of the kind's fixed sample (webhook-samples.ts) under a fresh event id, through the
   * same pipeline; at most TEST_SENDS_PER_MINUTE a minute per webhook, counted in PostgreSQL under
   * the webhook's row lock so every replica holds to the same count (429 TestSendsLimited).
   */
  async test(companyId: string, webhookId: string, kind: WebhookEventKind): Promise<WebhookDeliveryEntity> {
    return this.dataSource.transaction(async (manager) => {
      const webhook = await CompanyScopedRepository.of(manager, WebhookEntity, companyId).findOne({
        where: { id: webhookId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!webhook) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
      if (webhook.status === 'disabled') throw new AppError('conflict', WEBHOOK_DISABLED);
      const wait = await this.store.testSendWait(manager, webhook, TEST_SENDS_PER_MINUTE, 60);
      if (wait > 0) throw new TestSendsLimited(wait);
      return this.store.deliverTest(manager, webhook, {
        eventId: randomUUID(),
        companyId,
        occurredAt: new Date(),
        kind,
        data: WEBHOOK_SAMPLE_DATA[kind],
      });
    });
  }

  private webhookOf(manager: EntityManager, companyId: string, id: string): Promise<WebhookEntity | null> {
    return CompanyScopedRepository.of(manager, WebhookEntity, companyId).findOneBy({ id });
  }

  private deliveries(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<WebhookDeliveryEntity> {
    return CompanyScopedRepository.of(source, WebhookDeliveryEntity, companyId);
  }
}
