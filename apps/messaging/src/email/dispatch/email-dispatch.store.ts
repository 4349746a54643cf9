import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { quoteTableName } from '@suite/database';
import { EmailSendEntity } from '../sends/email-send.entity';

/** The columns a hand-off needs. */
export type SendToDeliver = Pick<
  EmailSendEntity,
  'id' | 'companyId' | 'fromAddress' | 'fromName' | 'toAddress' | 'subject' | 'text' | 'attachments' | 'messageId' | 'attempts'
>;

/**
 * The email send rows' side of a delivery. The queue itself is the send's job (libs/jobs: claim,
 * lease, retries); these writes keep the row the API shows in step with it. The outcome writes run
 * in the job's settling transaction, which writes nothing when the run lost its lease — the guard
 * the row's own claim token used to give.
 */
@Injectable()
export class EmailDispatchStore {
  private readonly table: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.table = quoteTableName(dataSource.getRepository(EmailSendEntity).metadata.tablePath);
  }

  /** Marks the send `sending` with this run's attempt number and reads it; null when it is already final. */
  async beginAttempt(id: string, attempt: number): Promise<SendToDeliver | null> {
    // An UPDATE answers [rows, rowCount] through TypeORM's query().
    const [rows]: [Array<Record<string, unknown>>, number] = await this.dataSource.query(
      `UPDATE ${this.table} SET status = 'sending', attempts = greatest(attempts, $2), updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'sending')
        RETURNING id, company_id, from_address, from_name, to_address, subject, text, attachments, message_id, attempts`,
      [id, attempt],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: String(row.id),
      companyId: String(row.company_id),
      fromAddress: String(row.from_address),
      fromName: (row.from_name as string | null) ?? null,
      toAddress: String(row.to_address),
      subject: String(row.subject),
      text: String(row.text),
      attachments: row.attachments as EmailSendEntity['attachments'],
      messageId: String(row.message_id),
      attempts: Number(row.attempts),
    };
  }

  /** `sent` or `captured`, with the transport's answer. */
  finish(manager: EntityManager, id: string, outcome: 'sent' | 'captured', response: string): Promise<void> {
    return this.update(manager, id, `status = $2, transport_response = $3, last_error = NULL, sent_at = now()`, [
      outcome,
      response,
    ]);
  }

  retryLater(manager: EntityManager, id: string, error: string): Promise<void> {
    return this.update(manager, id, `status = 'queued', last_error = $2`, [error]);
  }

  fail(manager: EntityManager, id: string, error: string): Promise<void> {
    return this.update(manager, id, `status = 'failed', last_error = $2`, [error]);
  }

  private async update(manager: EntityManager, id: string, assignments: string, values: unknown[]): Promise<void> {
    await manager.query(
      `UPDATE ${this.table} SET ${assignments}, updated_at = now() WHERE id = $1 AND status IN ('queued', 'sending')`,
      [id, ...values],
    );
  }
}
