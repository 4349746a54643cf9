import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { currentTraceparent, ENVIRONMENT } from '@suite/runtime';
import type { MessagingEnvironment } from '../config/messaging-environment';
import { ContactsService } from '../contacts/contacts.service';
import { ReleaseWake } from '../release/release-wake';
import { CLOCK, type Clock } from '../shared/clock';
import { GroupCommit, type BatchOutcome } from '../shared/group-commit';
import { MessageEventsWriter } from './message-events.writer';
import type { MessageEntity } from './message.entity';
import { insertOutboundMessages } from './outbound-message.insert';
import { planSendBatch, type QueuedSend } from './send-batch-plan';
import { SendMetrics } from './send-metrics';
import type { SendMessageInput } from './send-message.input';

export type { SendMessageInput } from './send-message.input';

/**
 * POST /v1/messages. Each send is one transaction's worth of work — the contact (created when
 * new, locked), the opt-out check, the sender pin, the queued message and its `message.queued`
 * event — and sends that arrive together share one transaction (group commit, decision 0016):
 * a batch commits all of its queued messages or none, so a queued id the caller receives always
 * has its event, and the scheduler never sees a message without a sender number.
 */
@Injectable()
export class SendMessageService {
  private readonly batches: GroupCommit<QueuedSend, MessageEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly events: MessageEventsWriter,
    private readonly releaseWake: ReleaseWake,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: SendMetrics,
    @Inject(ENVIRONMENT) env: MessagingEnvironment,
  ) {
    this.batches = new GroupCommit((sends) => this.queueAll(sends), {
      maxBatch: env.MESSAGING_SEND_BATCH_MAX,
      maxInFlight: env.MESSAGING_SEND_BATCH_CONCURRENCY,
    });
  }

  async send(companyId: string, input: SendMessageInput): Promise<MessageEntity> {
    const message = await this.batches.submit({ companyId, input, traceparent: currentTraceparent() });
    // Due now: this process's scheduler looks at once instead of at its next tick.
    this.releaseWake.notify();
    return message;
  }

  /** One transaction for a batch of sends; a refused send (opted out, no number) is answered alone and writes nothing. */
  private queueAll(sends: readonly QueuedSend[]): Promise<ReadonlyArray<BatchOutcome<MessageEntity>>> {
    this.metrics.batchRan(sends.length);
    return this.dataSource.transaction(async (manager) => {
      const contacts = await this.contacts.lockAllForSend(
        manager,
        sends.map(({ companyId, input }) => ({ companyId, phone: input.to, firstName: input.firstName })),
      );
      // The scheduler's clock: release_after and created_at are on the same time line as its decisions.
      const plan = planSendBatch(sends, contacts, this.clock.now(), randomUUID);
      await insertOutboundMessages(manager, plan.messages, plan.pins);
      await this.events.appendForAll(manager, plan.messages, plan.traceparents);
      await this.contacts.deleteCreated(manager, plan.unusedNewContacts);
      return plan.outcomes;
    });
  }
}
