import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Where an attempt stands: `in_flight` from just before its request leaves until its answer is
 * written; then `delivered` (2xx) or `failed`; `unknown` when no answer was ever recorded (the
 * dispatcher stopped in between: the receiver may have got the request). Decision 0039.
 */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['in_flight', 'delivered', 'failed', 'unknown'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];

/**
 * One HTTP attempt of a delivery, written before its request leaves and completed with the
 * receiver's answer (the first 4 KB of its body).
 */
@Entity({ name: 'webhook_attempts' })
@Index(['deliveryId', 'number'])
// The retention purge (WEBHOOKS_RETENTION_DAYS) deletes by age.
@Index(['at'])
export class WebhookAttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  deliveryId!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  /** From 1. */
  @Column({ type: 'integer' })
  number!: number;

  @Column({ type: 'timestamptz' })
  at!: Date;

  /** 0 until answered, and for an attempt whose answer was never recorded. */
  @Column({ type: 'integer' })
  durationMs!: number;

  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text' })
  responseBody!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'varchar', length: 16 })
  outcome!: WebhookAttemptOutcome;
}
