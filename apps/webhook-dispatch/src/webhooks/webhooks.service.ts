import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookEventKind } from '@suite/contracts';
import { AppError, type PageRequest } from '@suite/http';
import { WEBHOOK_NOT_FOUND } from './webhook-id.pipe';
import { generateWebhookSecret } from '../signing/webhook-secret';
import { PREVIOUS_SECRET_OVERLAP_MS } from './webhook-secret';
import { WebhookFiltersPolicy } from './webhook-filters.policy';
import { WebhookTargetPolicy } from './webhook-target.policy';
import { WebhookEntity, type WebhookMethod } from './webhook.entity';

export interface WebhookInput {
  title: string;
  url: string;
  events: WebhookEventKind[];
  method: WebhookMethod;
  /** As sent: numeric or base64; null for none. */
  listId: string | null;
  fields: string[];
}

/**
 * A company's webhook subscriptions. Every query goes through CompanyScopedRepository, so another
 * company's webhook is simply not found (404). Targets are checked by WebhookTargetPolicy, the list
 * and fields a webhook narrows its deliveries with by WebhookFiltersPolicy (422).
 */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly targets: WebhookTargetPolicy,
    private readonly filters: WebhookFiltersPolicy,
  ) {}

  async create(companyId: string, input: WebhookInput): Promise<WebhookEntity> {
    const stored = await this.checked(companyId, input);
    const webhooks = this.webhooks(this.dataSource, companyId);
    return webhooks.save(
      webhooks.create({ id: randomUUID(), ...stored, secret: generateWebhookSecret(), status: 'active', hits: 0 }),
    );
  }

  async list(companyId: string, page: PageRequest): Promise<[WebhookEntity[], number]> {
    return this.webhooks(this.dataSource, companyId).findAndCount({
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: page.offset,
      take: page.perPage,
    });
  }

  async get(companyId: string, id: string): Promise<WebhookEntity> {
    const webhook = await this.webhooks(this.dataSource, companyId).findOneBy({ id });
    if (!webhook) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    return webhook;
  }

  async update(companyId: string, id: string, input: WebhookInput): Promise<WebhookEntity> {
    // A webhook of another company is a 404 before anything about the body is said.
    await this.get(companyId, id);
    const stored = await this.checked(companyId, input);
    return this.locked(companyId, id, (webhook, webhooks) => webhooks.save(Object.assign(webhook, stored)));
  }

  async delete(companyId: string, id: string): Promise<void> {
    const deleted = await this.webhooks(this.dataSource, companyId).delete({ id });
    if (deleted === 0) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
  }

  /** A new secret; the current one becomes the previous, still valid for PREVIOUS_SECRET_OVERLAP_MS. */
  async rotateSecret(companyId: string, id: string, now = new Date()): Promise<WebhookEntity> {
    return this.locked(companyId, id, (webhook, webhooks) => {
      webhook.previousSecret = webhook.secret;
      webhook.previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_MS);
      webhook.secret = generateWebhookSecret();
      return webhooks.save(webhook);
    });
  }

  /** The input as stored, once its target (400) and its filters (422) are acceptable. */
  private async checked(companyId: string, input: WebhookInput): Promise<ReturnType<typeof normalized>> {
    await this.targets.check(input.url);
    const events = [...new Set(input.events)];
    const listId = await this.filters.check(companyId, { events, listId: input.listId, fields: input.fields });
    return normalized({ ...input, events, listId });
  }

  private locked<T>(
    companyId: string,
    id: string,
    change: (webhook: WebhookEntity, webhooks: CompanyScopedRepository<WebhookEntity>) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const webhooks = this.webhooks(manager, companyId);
      const webhook = await webhooks.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!webhook) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
      return change(webhook, webhooks);
    });
  }

  private webhooks(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<WebhookEntity> {
    return CompanyScopedRepository.of(source, WebhookEntity, companyId);
  }
}

/** The stored form of an input (its list id decoded): events without duplicates, in the order first given. */
const normalized = (input: WebhookInput) => ({
  title: input.title,
  url: input.url,
  events: [...new Set(input.events)],
  method: input.method,
  listId: input.listId,
  fields: input.fields,
});
