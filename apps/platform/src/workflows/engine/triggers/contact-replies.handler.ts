import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { ContactReplyEntity } from '../contact-reply.entity';

/**
 * Keeps when each number of a company last replied to a text (messaging's `conversation.replied`),
 * for the `if_else` condition on the last reply. The latest reply wins whatever order events come in.
 */
@Injectable()
export class ContactRepliesHandler {
  @OnEvent('conversation.replied')
  async replied({ data }: DomainEvent<'conversation.replied'>, manager: EntityManager): Promise<void> {
    const replies = CompanyScopedRepository.of(manager, ContactReplyEntity, data.company_id);
    const at = new Date(data.received_at);
    const known = await replies.findOne({ where: { phone: data.contact_phone }, lock: { mode: 'pessimistic_write' } });
    if (known && known.lastReplyAt.getTime() >= at.getTime()) return;
    // Two first replies at once: one insert loses on the key, and the inbox runs the event again.
    await replies.save(replies.create({ phone: data.contact_phone, lastReplyAt: at }));
  }
}
