import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { WebhookEventKind } from '@suite/contracts';

export const WEBHOOK_STATUSES = ['active', 'failed', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_METHODS = ['POST'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/**
 * A company's webhook subscription: where to send which event kinds. `secret` signs deliveries;
 * after a rotation `previousSecret` still signs (alongside) until `previousSecretExpiresAt`, so a
 * receiver can switch over without losing deliveries (decision 0029).
 */
@Entity({ name: 'webhooks' })
export class WebhookEntity {
  /** Made by the app (randomUUID), not the database. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: WebhookEventKind[];

  @Column({ type: 'varchar', length: 8, default: 'POST' })
  method!: WebhookMethod;

  /**
   * A live list of the company the subscription is limited to (decision 0036): events about a
   * contact reach it only when the contact is on the list when the event happens.
   */
  @Column({ type: 'bigint', nullable: true })
  listId!: string | null;

  /** The keys of `data` the receiver wants (each a key of a subscribed kind); empty means all. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  fields!: string[];

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status!: WebhookStatus;

  @Column({ type: 'integer', default: 0 })
  hits!: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastHit!: Date | null;

  /** Failed attempts in a row, across deliveries (the circuit breaker, deliveries/webhook-tally.ts). */
  @Column({ type: 'integer', default: 0 })
  consecutiveFailures!: number;

  /** While in the future, no attempt is made: deliveries wait (replays and tests excepted). */
  @Column({ type: 'timestamptz', nullable: true })
  circuitOpenUntil!: Date | null;

  @Column({ type: 'text' })
  secret!: string;

  @Column({ type: 'text', nullable: true })
  previousSecret!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
