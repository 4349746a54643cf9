import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { WebhookEventKind, WebhookPayloadMap } from '@suite/contracts';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one webhook: what is sent on every attempt. `eventId` is the domain event's id
 * (the `webhook-id` header receivers dedup on), `data` and `occurredAt` rebuild the same envelope
 * (so the same body bytes) on every attempt.
 */
@Entity({ name: 'webhook_deliveries' })
@Index(['webhookId', 'createdAt'])
// The retention purge: final deliveries past the retention whose attempts are gone.
@Index(['createdAt'])
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'uuid' })
  webhookId!: string;

  @Column({ type: 'varchar', length: 64 })
  event!: WebhookEventKind;

  @Column({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'jsonb' })
  data!: WebhookPayloadMap[WebhookEventKind];

  /** The envelope's `timestamp`: when the event happened. */
  @Column({ type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When the next attempt is due; null once the delivery is final. */
  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** A test send (`POST /api/webhooks/{id}/test`): counted against the webhook's limit of test sends a minute. */
  @Column({ type: 'boolean', default: false })
  test!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
