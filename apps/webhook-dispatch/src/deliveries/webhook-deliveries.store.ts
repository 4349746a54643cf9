import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ArrayContains, DataSource, Not, type EntityManager } from 'typeorm';
import type { WebhookEventKind, WebhookPayloadMap } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { JobsRuntime } from '@suite/jobs';
import { CompanyScopedRepository } from '@suite/runtime';
import type { WebhookResult } from '../sending/send-webhook';
import { WebhookEntity } from '../webhooks/webhook.entity';
import { attemptOutcome, statusChange, type AttemptOutcome } from './attempt-outcome';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

export const WEBHOOK_DELIVER_QUEUE = 'webhook.deliver';

/** A delivery's job points at its row; the company scopes every query. */
export interface WebhookDeliverJob {
  deliveryId: string;
  companyId: string;
}

/** An event a webhook kind follows from, as the consumer hands it over. */
export interface WebhookEventToDeliver {
  eventId: string;
  companyId: string;
  occurredAt: Date;
  kind: WebhookEventKind;
  data: WebhookPayloadMap[WebhookEventKind];
}

/** One attempt as it was made: its number (from 1), when, and the answer. */
export interface MadeAttempt {
  number: number;
  at: Date;
  result: WebhookResult;
}

/**
 * The deliveries' rows: one per event and subscribed webhook, their attempts, and how each attempt
 * moves the delivery and its webhook (attempt-outcome.ts decides; this writes, in the transaction
 * that settles the attempt's job, with the outbox events and the next attempt's job).
 */
@Injectable()
export class WebhookDeliveriesStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    private readonly outbox: Outbox,
  ) {}

  /** A delivery and its first attempt's job for every webhook of the company subscribed to the kind (not disabled). */
  async fanOut(manager: EntityManager, event: WebhookEventToDeliver): Promise<number> {
    const webhooks = await CompanyScopedRepository.of(manager, WebhookEntity, event.companyId).find({
      where: { status: Not('disabled'), events: ArrayContains([event.kind]) },
    });
    for (const webhook of webhooks) await this.deliver(manager, webhook, event);
    return webhooks.length;
  }

  /** One delivery of the event to the webhook, its first attempt's job due now (fan-out, and the test endpoint). */
  async deliver(manager: EntityManager, webhook: WebhookEntity, event: WebhookEventToDeliver): Promise<WebhookDeliveryEntity> {
    const deliveries = CompanyScopedRepository.of(manager, WebhookDeliveryEntity, event.companyId);
    const delivery = await deliveries.save(
      deliveries.create({
        id: randomUUID(),
        webhookId: webhook.id,
        event: event.kind,
        eventId: event.eventId,
        data: event.data,
        occurredAt: event.occurredAt,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(),
      }),
    );
    await this.enqueue(manager, delivery);
    return delivery;
  }

  /**
   * A final delivery sent again now as a new series of attempts: pending, its attempt count back to
   * 0 (the next attempt is number 1 of the new series; the earlier attempts stay), its first job
   * due now. The caller holds the delivery's row lock.
   */
  async replay(manager: EntityManager, delivery: WebhookDeliveryEntity): Promise<WebhookDeliveryEntity> {
    const deliveries = CompanyScopedRepository.of(manager, WebhookDeliveryEntity, delivery.companyId);
    const replayed = await deliveries.save(
      Object.assign(delivery, { status: 'pending', attempts: 0, nextAttemptAt: new Date() }),
    );
    await this.enqueue(manager, replayed);
    return replayed;
  }

  /** The delivery and its webhook (null when deleted), read before an attempt. */
  async load(job: WebhookDeliverJob): Promise<{ delivery: WebhookDeliveryEntity; webhook: WebhookEntity | null } | null> {
    const delivery = await CompanyScopedRepository.of(this.dataSource, WebhookDeliveryEntity, job.companyId).findOneBy({
      id: job.deliveryId,
    });
    if (!delivery) return null;
    const webhook = await CompanyScopedRepository.of(this.dataSource, WebhookEntity, job.companyId).findOneBy({
      id: delivery.webhookId,
    });
    return { delivery, webhook };
  }

  /** The webhook was deleted or disabled before the attempt: the delivery fails without one. */
  async abandon(manager: EntityManager, job: WebhookDeliverJob): Promise<void> {
    await CompanyScopedRepository.of(manager, WebhookDeliveryEntity, job.companyId).update(
      { id: job.deliveryId, status: 'pending' },
      { status: 'failed', nextAttemptAt: null },
    );
  }

  /** Writes an attempt and what follows from it (attempt-outcome.ts) for the delivery and its webhook. */
  async record(manager: EntityManager, job: WebhookDeliverJob, attempt: MadeAttempt, delaysMs: readonly number[]): Promise<void> {
    const deliveries = CompanyScopedRepository.of(manager, WebhookDeliveryEntity, job.companyId);
    const delivery = await deliveries.findOne({ where: { id: job.deliveryId }, lock: { mode: 'pessimistic_write' } });
    if (!delivery || delivery.status !== 'pending') return;
    const { result } = attempt;
    const attempts = CompanyScopedRepository.of(manager, WebhookAttemptEntity, job.companyId);
    await attempts.save(
      attempts.create({
        id: randomUUID(),
        deliveryId: delivery.id,
        number: attempt.number,
        at: attempt.at,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        responseBody: result.responseBody,
        error: result.error,
      }),
    );
    const outcome = attemptOutcome(result, attempt.number, delaysMs);
    const nextAttemptAt = outcome.kind === 'retry' ? new Date(attempt.at.getTime() + outcome.delayMs) : null;
    await deliveries.update(
      { id: delivery.id },
      {
        attempts: attempt.number,
        status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
        nextAttemptAt,
      },
    );
    if (nextAttemptAt) await this.enqueue(manager, delivery, nextAttemptAt);
    await this.followWebhook(manager, delivery, attempt, outcome);
  }

  private enqueue(manager: EntityManager, delivery: WebhookDeliveryEntity, runAt?: Date): Promise<string[]> {
    return this.jobs.enqueue(manager, {
      queue: WEBHOOK_DELIVER_QUEUE,
      payload: { deliveryId: delivery.id, companyId: delivery.companyId } satisfies WebhookDeliverJob,
      concurrencyKey: delivery.webhookId,
      runAt,
    });
  }

  /** The webhook's hits and last hit, and its status: active again on success, disabled on 410, failed after the last attempt. */
  private async followWebhook(
    manager: EntityManager,
    delivery: WebhookDeliveryEntity,
    attempt: MadeAttempt,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const webhooks = CompanyScopedRepository.of(manager, WebhookEntity, delivery.companyId);
    const webhook = await webhooks.findOne({ where: { id: delivery.webhookId }, lock: { mode: 'pessimistic_write' } });
    if (!webhook) return;
    const change = statusChange(webhook.status, outcome);
    await webhooks.update(
      { id: webhook.id },
      { hits: () => 'hits + 1', lastHit: attempt.at, ...(change ? { status: change.status } : {}) },
    );
    const at = attempt.at.toISOString();
    const events = [];
    if (outcome.kind === 'failed') {
      events.push(
        newEvent('webhook.delivery_failed', {
          companyId: delivery.companyId,
          subject: webhook.id,
          data: {
            company_id: delivery.companyId,
            webhook_id: webhook.id,
            delivery_id: delivery.id,
            event_id: delivery.eventId,
            event: delivery.event,
            attempts: attempt.number,
            last_error: outcome.error.slice(0, 1024),
            failed_at: at,
          },
        }),
      );
    }
    if (change) {
      events.push(
        newEvent('webhook.status_changed', {
          companyId: delivery.companyId,
          subject: webhook.id,
          data: {
            company_id: delivery.companyId,
            webhook_id: webhook.id,
            status: change.status,
            previous_status: webhook.status,
            reason: change.reason,
            changed_at: at,
          },
        }),
      );
    }
    if (events.length > 0) await this.outbox.append(manager, events);
  }
}
