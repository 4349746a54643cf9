import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { quoteTableName } from '@suite/runtime';
import { EmailSendEntity } from '../sends/email-send.entity';

/** A claimed row: the columns the hand-off needs, and the claim it belongs to. */
export type ClaimedSend = Pick<
  EmailSendEntity,
  'id' | 'companyId' | 'fromAddress' | 'fromName' | 'toAddress' | 'subject' | 'text' | 'attachments' | 'messageId' | 'attempts'
> & { claimToken: string };

/**
 * The email queue's SQL. The queue is the table: a dispatcher claims due rows with
 * `FOR UPDATE SKIP LOCKED` (replicas never claim the same row), marks them `sending` with a lease
 * and a claim token, and every later update is guarded by that token, so a dispatcher whose
 * lease ran out (it was presumed dead) cannot overwrite the attempt that replaced it.
 */
@Injectable()
export class EmailDispatchStore {
  private readonly table: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.table = quoteTableName(dataSource.getRepository(EmailSendEntity).metadata.tablePath);
  }

  /**
   * Claims up to `limit` due rows: queued ones whose retry time has come, and `sending` ones
   * whose lease expired (their dispatcher died mid-send).
   */
  async claim(limit: number, leaseMs: number, claimToken: string): Promise<ClaimedSend[]> {
    // An UPDATE answers [rows, rowCount] through TypeORM's query().
    const [rows]: [Array<Record<string, unknown>>, number] = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM ${this.table}
         WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND claimed_until < now())
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE ${this.table} AS s
       SET status = 'sending', attempts = s.attempts + 1, claim_token = $2,
           claimed_until = now() + $3 * interval '1 millisecond', updated_at = now()
       FROM due WHERE s.id = due.id
       RETURNING s.id, s.company_id, s.from_address, s.from_name, s.to_address, s.subject, s.text, s.attachments, s.message_id, s.attempts`,
      [limit, claimToken, leaseMs],
    );
    return rows.map((row) => ({
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
      claimToken,
    }));
  }

  /**
   * A row whose lease expired on its last allowed attempt is not tried again: the dispatcher died
   * during it, and a message that kills its dispatcher must not loop forever.
   */
  async failAbandoned(maxAttempts: number): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE ${this.table}
       SET status = 'failed', last_error = 'The dispatcher stopped during the last attempt.', claim_token = NULL,
           claimed_until = NULL, updated_at = now()
       WHERE status = 'sending' AND claimed_until < now() AND attempts >= $1`,
      [maxAttempts],
    );
    return count;
  }

  /** `sent` or `captured`, with the transport's answer. False when the claim was lost meanwhile. */
  finish(send: ClaimedSend, outcome: 'sent' | 'captured', response: string): Promise<boolean> {
    return this.update(send, `status = $3, transport_response = $4, last_error = NULL, sent_at = now()`, [outcome, response]);
  }

  retryLater(send: ClaimedSend, error: string, delayMs: number): Promise<boolean> {
    return this.update(send, `status = 'queued', last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond'`, [
      error,
      delayMs,
    ]);
  }

  fail(send: ClaimedSend, error: string): Promise<boolean> {
    return this.update(send, `status = 'failed', last_error = $3`, [error]);
  }

  private async update(send: ClaimedSend, assignments: string, values: unknown[]): Promise<boolean> {
    const result: [unknown[], number] = await this.dataSource.query(
      `UPDATE ${this.table} SET ${assignments}, claim_token = NULL, claimed_until = NULL, updated_at = now()
       WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [send.id, send.claimToken, ...values],
    );
    return result[1] === 1;
  }
}
