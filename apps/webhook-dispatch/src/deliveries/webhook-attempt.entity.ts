import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One HTTP attempt of a delivery, as the receiver answered it (the first 4 KB of its body). */
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

  @Column({ type: 'integer' })
  durationMs!: number;

  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text' })
  responseBody!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;
}
