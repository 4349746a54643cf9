import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import type { CallbackResult } from '../carrier/callback-result';
import type { CarrierCallback } from '../carrier/carrier.port';
import { MESSAGING_LIMITS } from '../messages/messaging-limits';
import { ContactEntity } from '../contacts/contact.entity';
import { ContactsService } from '../contacts/contacts.service';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { inboundMessageRow } from '../messages/message-rows';
import { MessageEntity } from '../messages/message.entity';
import { SenderNumberEntity } from '../sender-numbers/sender-number.entity';
import { SenderPinningService } from '../sender-numbers/sender-pinning.service';
import { type Clock, CLOCK } from '@suite/time';
import { normalizePhone } from '@suite/http';
import { AutoReplyService } from './auto-reply.service';
import { planInbound } from './inbound-plan';
import { classifyInbound } from './keywords';
import { OptOutService } from './opt-out.service';

type InboundCallback = Extract<CarrierCallback, { kind: 'inbound' }>;

/**
 * The media of an inbound text as the message's `attachments`: the provider's URLs as it gave them
 * (they point at the provider, which may require its credentials to fetch), at most as many and as
 * long as an outbound message's — a provider's payload is input like any other.
 */
function inboundAttachments(urls: readonly string[] | undefined): string[] {
  const { attachmentsMax, attachmentUrlMaxLength } = MESSAGING_LIMITS;
  return (urls ?? []).filter((url) => url.length > 0 && url.length <= attachmentUrlMaxLength).slice(0, attachmentsMax);
}

/**
 * An inbound text from the carrier, in one transaction: the workspace is the owner of the number
 * written to; the contact is created when new and locked (as every send locks it); the message is
 * stored `received` — once: a retried callback (same carrier id) changes nothing —; then
 * `message.received`, `conversation.replied` when the business had written to this person, the
 * sticky-sender pin, and the keyword's effect (opt-out, opt-in, HELP).
 */
@Injectable()
export class InboundMessagesService {
  private readonly logger = new Logger(InboundMessagesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly pinning: SenderPinningService,
    private readonly optOuts: OptOutService,
    private readonly autoReplies: AutoReplyService,
    private readonly messageEvents: MessageEventsWriter,
    private readonly outbox: Outbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async receive(callback: InboundCallback): Promise<CallbackResult> {
    const result = (outcome: CallbackResult['outcome'], messageId: string | null = null): CallbackResult => ({
      kind: 'inbound',
      carrier_message_id: callback.carrierMessageId,
      outcome,
      message_id: messageId,
    });
    const person = normalizePhone(callback.from);
    const written = normalizePhone(callback.to);
    // 200, not 4xx: the provider would retry forever, and nothing here can be fixed by retrying.
    if (person === null || written === null) {
      this.logger.warn(
        `inbound ${callback.carrierMessageId} ignored: from ${callback.from} or to ${callback.to} is not a phone number we can write to`,
      );
      return result('ignored');
    }
    let optedOut: { companyId: string; phone: string } | null = null;
    const answer = await this.dataSource.transaction(async (manager) => {
      // Active or removed: a number keeps its workspace after leaving the pool, and so do its replies.
      const number = await manager.getRepository(SenderNumberEntity).findOneBy({ number: written });
      if (!number) {
        this.logger.warn(`inbound ${callback.carrierMessageId} ignored: ${written} is no workspace's sender number`);
        return result('ignored');
      }
      await this.contacts.lockForSend(manager, number.companyId, person, null);
      // The whole (now locked) row: the keyword plan reads the opt-out state and the pin.
      const contact = await manager.getRepository(ContactEntity).findOneByOrFail({ companyId: number.companyId, phone: person });
      const message = inboundMessageRow(
        {
          id: randomUUID(),
          companyId: number.companyId,
          workspaceNumber: written,
          contactPhone: person,
          body: callback.body,
          channel: callback.channel ?? null,
          carrierMessageId: callback.carrierMessageId,
          carrierTs: callback.at,
          attachments: inboundAttachments(callback.attachments),
        },
        this.clock.now(),
      );
      // The carrier id is unique: a retried callback inserts nothing and ends here.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(MessageEntity)
        .values(message)
        .orIgnore()
        .returning(['id'])
        .execute();
      if ((inserted.raw as unknown[]).length === 0) {
        const first = await manager.getRepository(MessageEntity).findOneBy({ carrierMessageId: callback.carrierMessageId });
        return result('duplicate', first?.id ?? null);
      }
      await manager
        .getRepository(ContactEntity)
        .update({ companyId: contact.companyId, phone: contact.phone }, { lastInboundAt: callback.at });
      await this.messageEvents.appendFor(manager, message);
      await this.announceReply(manager, message);

      const keyword = classifyInbound(callback.body);
      const plan = planInbound(keyword, contact, number.status === 'active');
      if (plan.pinWrittenNumber) await this.pinning.pin(manager, contact, written, 'inbound_message');
      if (plan.optOut && keyword.kind === 'opt_out') {
        await this.optOuts.optOut(manager, contact, keyword.keyword, callback.at);
        optedOut = { companyId: contact.companyId, phone: contact.phone };
      }
      if (plan.optIn && keyword.kind === 'opt_in') await this.optOuts.optIn(manager, contact, keyword.keyword, callback.at);
      if (plan.reply)
        await this.autoReplies.queue(manager, plan.reply, {
          companyId: contact.companyId,
          contactPhone: person,
          fromNumber: written,
        });
      return result('applied', message.id);
    });
    // Once the opt-out is committed, without the contact's lock: those a claim or hand-off held (OptOutService).
    if (optedOut) await this.optOuts.cancelPending(optedOut);
    return answer;
  }

  /**
   * `conversation.replied` when the business had written to this person: its latest outbound
   * message that reached the carrier (sent_at set), not counting the service's own auto-replies —
   * a person answered by nothing but our HELP text has not replied to the business.
   */
  private async announceReply(manager: EntityManager, inbound: MessageEntity): Promise<void> {
    const repliedTo = await manager.getRepository(MessageEntity).findOne({
      where: {
        companyId: inbound.companyId,
        contactPhone: inbound.contactPhone,
        direction: 'outbound',
        sentAt: Not(IsNull()),
        sender: Not('system'),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    if (!repliedTo) return;
    await this.outbox.append(
      manager,
      newEvent('conversation.replied', {
        companyId: inbound.companyId,
        subject: `${inbound.companyId}:${inbound.contactPhone}`,
        data: {
          company_id: inbound.companyId,
          contact_phone: inbound.contactPhone,
          from_number: inbound.fromNumber,
          message_id: inbound.id,
          replied_to_message_id: repliedTo.id,
          body: inbound.body,
          channel: inbound.channel,
          received_at: (inbound.carrierTs ?? inbound.createdAt).toISOString(),
        },
      }),
    );
  }
}
