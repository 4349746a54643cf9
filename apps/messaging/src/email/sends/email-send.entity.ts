import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Internal statuses of an email send. `sending` (its job claimed by a dispatcher, being handed to
 * the relay) is shown as `queued`; `captured` means written to the local mail directory because no
 * relay is configured — never delivered.
 */
export const EMAIL_SEND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured'] as const;
export type EmailSendStatus = (typeof EMAIL_SEND_STATUSES)[number];

export interface StoredAttachment {
  filename: string;
  content_type: string;
  /** base64, as received (validated strict). */
  content: string;
  /** Decoded bytes. */
  size: number;
}

/**
 * One email send request and its delivery state. The sender (address, display name) and the
 * Message-ID are copied in at creation: deleting the mailbox or domain later does not change
 * what an accepted send says. Its delivery is a job (libs/jobs, queue `email.send`) pointing at
 * this row: the job carries the due time, lease and retries; the row, what the API shows.
 */
@Entity({ name: 'email_sends' })
@Index('uq_email_sends_company_request_key', ['companyId', 'requestKey'], { unique: true })
export class EmailSendEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  requestKey!: string;

  /** SHA-256 hex of the canonical payload (send-payload-hash.ts): same key, other payload → 409. */
  @Column({ type: 'char', length: 64 })
  payloadHash!: string;

  @Column({ type: 'uuid' })
  domainId!: string;

  @Column({ type: 'uuid', nullable: true })
  mailboxId!: string | null;

  @Column({ type: 'varchar', length: 320 })
  fromAddress!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  fromName!: string | null;

  @Column({ type: 'varchar', length: 254 })
  toAddress!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  attachments!: StoredAttachment[];

  /** The Message-ID header, `<id@domain>`, the same on every SMTP attempt. */
  @Column({ type: 'varchar', length: 400 })
  messageId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: EmailSendStatus;

  /** Attempts started (its job's). */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** The relay's final answer (e.g. `250 2.0.0 Ok: queued as 4F2A1`), or where the file was captured. */
  @Column({ type: 'text', nullable: true })
  transportResponse!: string | null;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
