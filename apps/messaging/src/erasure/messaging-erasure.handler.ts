import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APPS, erasureMentions, type DomainEvent } from '@suite/contracts';
import { CompanyScopedSql } from '@suite/database';
import { forgetStoredEvents, newEvent, OnEvent, Outbox } from '@suite/eventing';
import { applyStatusEvent } from '@suite/message-status';
import { MESSAGES_TABLE } from '../messages/message.entity';
import { ERASED, erasedPhoneOf } from './messaging-erasure';

interface ContactRow {
  opted_out: boolean;
  opted_out_at: Date | null;
  opted_out_keyword: string | null;
}

/**
 * Messaging's part of a CRM contact's erasure (`crm_contact.erased`), in the inbox transaction:
 * all of it commits with the inbox row or none of it does, so a restart in the middle redoes it
 * from the start and a redelivery changes nothing. Under the contact's row lock (the one every
 * send and inbound text takes):
 * 1. an opt-out is kept as a keyed hash (erased_opt_outs), so a STOP still holds;
 * 2. outbound messages not yet with the carrier are cancelled (reason `erased`, not announced);
 * 3. the conversation's messages lose their bodies, attachments and the number (`#<crm id>`);
 * 4. emails to the contact's address lose address, subject, text and attachments;
 * 5. the contact record and its pin history go, and so do stored events that mention the person;
 * then `contact.erased` reports it done (no number in it).
 */
@Injectable()
export class MessagingErasureHandler {
  constructor(private readonly outbox: Outbox) {}

  @OnEvent('crm_contact.erased')
  async erase({ data }: DomainEvent<'crm_contact.erased'>, manager: EntityManager): Promise<void> {
    const companyId = data.company_id;
    const sql = CompanyScopedSql.of(manager, companyId);
    let messagesErased = 0;
    let optOutKept = false;
    if (data.phone) {
      const [contact] = await sql.rows<ContactRow>(
        `SELECT opted_out, opted_out_at, opted_out_keyword FROM messaging.contacts
          WHERE company_id = $1 AND phone = $2 FOR UPDATE`,
        [data.phone],
      );
      if (contact?.opted_out) {
        await sql.run(
          `INSERT INTO messaging.erased_opt_outs (company_id, phone_hash, opted_out_at, keyword)
           VALUES ($1, messaging.opt_out_hash($1, $2), $3, $4) ON CONFLICT DO NOTHING`,
          [data.phone, contact.opted_out_at, contact.opted_out_keyword],
        );
        optOutKept = true;
      }
      await this.cancelPending(manager, sql, data.phone);
      const erased = await sql.rows<{ n: number }>(
        `WITH erased AS (
           UPDATE messaging.messages SET body = '', attachments = '[]'::jsonb, contact_phone = $3, updated_at = now()
            WHERE company_id = $1 AND contact_phone = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM erased`,
        [data.phone, erasedPhoneOf(data.id)],
      );
      messagesErased = erased[0]?.n ?? 0;
      await sql.run('DELETE FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2', [data.phone]);
      await sql.run('DELETE FROM messaging.contacts WHERE company_id = $1 AND phone = $2', [data.phone]);
    }
    if (data.email) {
      await sql.run(
        `UPDATE messaging.email_sends SET to_address = '', subject = '', text = '', attachments = '[]'::jsonb, updated_at = now()
          WHERE company_id = $1 AND lower(to_address) = lower($2)`,
        [data.email],
      );
    }
    await forgetStoredEvents(manager, APPS.messaging.schema, { mentions: erasureMentions(data) });
    await this.outbox.append(
      manager,
      newEvent('contact.erased', {
        companyId,
        subject: `${companyId}:crm:${data.id}`,
        data: {
          company_id: companyId,
          crm_contact_id: data.id,
          messages_erased: messagesErased,
          opt_out_kept: optOutKept,
          erased_at: new Date().toISOString(),
        },
      }),
    );
  }

  /**
   * As an opt-out cancels (OptOutService): locked first, so a hand-off in progress finishes and
   * drops out; what the carrier already has cannot be called back.
   */
  private async cancelPending(manager: EntityManager, sql: CompanyScopedSql, phone: string): Promise<void> {
    const pending = await sql.rows<{ id: string }>(
      `SELECT id FROM messaging.messages
        WHERE company_id = $1 AND contact_phone = $2 AND direction = 'outbound'
          AND status IN ('queued', 'sending') AND handed_over_at IS NULL
        ORDER BY id FOR UPDATE`,
      [phone],
    );
    for (const { id } of pending) {
      await applyStatusEvent(manager, { table: MESSAGES_TABLE, id, event: 'cancel', set: { failure_reason: ERASED } });
    }
  }
}
