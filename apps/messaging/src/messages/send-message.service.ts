import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { MessageEffect, MessageSender } from '@suite/contracts';
import { AppError } from '@suite/runtime';
import { ContactsService } from '../contacts/contacts.service';
import { ReleaseWake } from '../release/release-wake';
import { SenderPinningService } from '../sender-numbers/sender-pinning.service';
import { CLOCK, type Clock } from '../shared/clock';
import { MessageEventsWriter } from './message-events.writer';
import type { MessageEntity } from './message.entity';
import { outboundMessageRow } from './message-rows';
import { insertOutboundMessage } from './outbound-message.insert';

export interface SendMessageInput {
  /** E.164, already normalised. */
  to: string;
  body: string;
  firstName: string | null;
  attachments: string[];
  effect: MessageEffect | null;
  sender: MessageSender;
}

/**
 * POST /v1/messages: everything in one transaction — the contact (created when new, locked),
 * the opt-out check, the sender pin, the queued message and its `message.queued` event. Either
 * all of it commits or none, so a queued id the caller receives always has its event, and the
 * scheduler never sees a message without a sender number.
 */
@Injectable()
export class SendMessageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly pinning: SenderPinningService,
    private readonly events: MessageEventsWriter,
    private readonly releaseWake: ReleaseWake,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async send(companyId: string, input: SendMessageInput): Promise<MessageEntity> {
    const message = await this.queue(companyId, input);
    // Due now: this process's scheduler looks at once instead of at its next tick.
    this.releaseWake.notify();
    return message;
  }

  private queue(companyId: string, input: SendMessageInput): Promise<MessageEntity> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.contacts.lockForSend(manager, companyId, input.to, input.firstName);
      if (contact.optedOut) {
        throw new AppError(
          'forbidden',
          `${input.to} has opted out of messages from this workspace; nothing can be sent to it until it opts back in (by replying START).`,
        );
      }
      const fromNumber = await this.pinning.pinFor(manager, contact);
      // The scheduler's clock: release_after and created_at are on the same time line as its decisions.
      const message = outboundMessageRow(
        {
          id: randomUUID(),
          companyId,
          fromNumber,
          contactPhone: input.to,
          body: input.body,
          sender: input.sender,
          attachments: input.attachments,
          effect: input.effect,
        },
        this.clock.now(),
      );
      await insertOutboundMessage(manager, message);
      await this.events.appendFor(manager, message);
      return message;
    });
  }
}
