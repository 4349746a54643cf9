import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { MessageStatus, PublicMessageStatus } from '@suite/message-status';
import { handOffsOf } from '../hand-offs/hand-off-records';
import type { MessageHandOffEntity } from '../hand-offs/message-hand-off.entity';
import { AppError } from '@suite/http';
import { MessageEventsWriter } from './message-events.writer';
import { changeStatusAndAnnounce } from './message-status-change';
import { MessageEntity, MESSAGES_TABLE } from './message.entity';
import { MESSAGE_TS_SQL } from './message-ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MESSAGE_NOT_FOUND = 'Message not found.';
export const CANCELLED_BY_CUSTOMER = 'cancelled_by_customer';

/** What each public status filter means in stored statuses: `queued` includes the internal `sending`. */
const STORED_STATUSES: Readonly<Record<PublicMessageStatus, MessageStatus[]>> = {
  queued: ['queued', 'sending'],
  sent: ['sent'],
  delivered: ['delivered'],
  failed: ['failed'],
  cancelled: ['cancelled'],
  received: ['received'],
  no_channel: ['no_channel'],
};

export interface ListFilter {
  readonly contactPhone?: string;
  readonly status?: PublicMessageStatus;
  readonly limit: number;
}

/** Why a message in this status can no longer be cancelled (409). */
const TOO_LATE: Partial<Record<MessageStatus, string>> = {
  sending: 'Too late to cancel: the message is being handed to the carrier.',
  sent: 'Too late to cancel: the carrier already has this message (status sent).',
  delivered: 'Too late to cancel: the message was already delivered.',
  failed: 'Too late to cancel: the carrier already had this message and it failed (status failed).',
  received: 'Inbound messages cannot be cancelled.',
  no_channel: 'Nothing to cancel: the message could not be sent because nothing reaches this number (status no_channel).',
};

/** Reading and cancelling a workspace's messages; every query is scoped by company. */
@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: MessageEventsWriter,
  ) {}

  async get(companyId: string, id: string): Promise<MessageEntity> {
    const message = UUID.test(id) ? await this.dataSource.getRepository(MessageEntity).findOneBy({ id, companyId }) : null;
    if (!message) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    return message;
  }

  /** The message and its hand-offs to the carrier, oldest first (message_hand_offs). */
  async getWithHandOffs(companyId: string, id: string): Promise<{ message: MessageEntity; handOffs: MessageHandOffEntity[] }> {
    const message = await this.get(companyId, id);
    return { message, handOffs: await handOffsOf(this.dataSource.manager, companyId, id) };
  }

  /** Newest first by ts, ties by creation (decision 0024). */
  async list(companyId: string, filter: ListFilter): Promise<MessageEntity[]> {
    return this.listQuery(companyId, filter).getMany();
  }

  /** The newest `limit` messages with the contact, oldest first (the order a chat reads in); 404 when there are none. */
  async conversation(companyId: string, contactPhone: string, limit: number): Promise<MessageEntity[]> {
    const newest = await this.listQuery(companyId, { contactPhone, limit }).getMany();
    if (newest.length === 0) throw new AppError('not_found', `No conversation with ${contactPhone} in this workspace.`);
    return newest.reverse();
  }

  /**
   * The query of list() and conversation(): the workspace's messages (with the contact, in the
   * status) in the order ts, created_at, id, newest first — a total order, so equal times never
   * swap places between two reads. Each filter combination reads an index in that order and stops
   * after `limit` rows: messages_company_ts_idx, or messages_conversation_ts_idx with a contact.
   * Public for the EXPLAIN check (conversation-order.integration-spec.ts).
   */
  listQuery(companyId: string, filter: ListFilter): SelectQueryBuilder<MessageEntity> {
    const query = this.dataSource
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .where('m.companyId = :companyId', { companyId });
    if (filter.contactPhone) query.andWhere('m.contactPhone = :contactPhone', { contactPhone: filter.contactPhone });
    if (filter.status) query.andWhere('m.status IN (:...statuses)', { statuses: STORED_STATUSES[filter.status] });
    return query.orderBy(MESSAGE_TS_SQL, 'DESC').addOrderBy('m.createdAt', 'DESC').addOrderBy('m.id', 'DESC').limit(filter.limit);
  }

  /**
   * DELETE /v1/messages/{id}. The row is locked FOR UPDATE first: while the scheduler hands the
   * message to the carrier it holds this lock, so a cancel waits and then sees the outcome — the
   * message is never both cancelled and sent. A message already handed over (even if the
   * carrier's answer is not recorded yet) is too late. Cancelling twice answers 200 again.
   */
  async cancel(companyId: string, id: string): Promise<MessageEntity> {
    if (!UUID.test(id)) throw new AppError('not_found', MESSAGE_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(MessageEntity);
      const message = await repository.findOne({ where: { id, companyId }, lock: { mode: 'pessimistic_write' } });
      if (!message) throw new AppError('not_found', MESSAGE_NOT_FOUND);
      if (message.status === 'cancelled') return message;
      // Handed over: too late whatever the status says (a `sending` row whose carrier answer is not recorded yet included).
      if (message.handedOverAt !== null) throw new AppError('conflict', TOO_LATE[message.status] ?? TOO_LATE.sending!);
      const change = await changeStatusAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        id,
        companyId,
        event: 'cancel',
        set: { failure_reason: CANCELLED_BY_CUSTOMER },
      });
      if (!change.applied) {
        throw new AppError(
          'conflict',
          TOO_LATE[change.current ?? message.status] ?? `The message cannot be cancelled (status ${message.status}).`,
        );
      }
      return change.message;
    });
  }
}
