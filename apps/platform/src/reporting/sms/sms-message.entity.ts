import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SmsReportStatus } from './sms-report-status';

/**
 * The platform's read model of a company's outbound texts, for the dashboard's `sms` figures:
 * one row per message, learnt from messaging's `message.*` events (never a query into messaging's
 * schema). `createdAt` is the message's own creation time, the dashboard's day; `status` only
 * moves forward (sms-report-status.ts), so a redelivered or late event cannot undo a later one.
 */
@Entity({ name: 'sms_messages' })
// (company_id, created_at) INCLUDE (status): defined by migration 1795553685457 (TypeORM cannot say INCLUDE).
@Index('sms_messages_company_created_idx', { synchronize: false })
export class SmsMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  messageId!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: SmsReportStatus;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
