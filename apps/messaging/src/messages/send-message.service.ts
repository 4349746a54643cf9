import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { crossCompanyRepository } from '@suite/database';
import { currentTraceparent } from '@suite/observability';
import { CLOCK, type Clock } from '@suite/time';
import { SendBatchEnvironment } from './send-batch-environment';
import { contactKey } from '../contacts/contact-key';
import { ContactsService } from '../contacts/contacts.service';
import { ReleaseWake } from '../release-scheduler/release-wake';
import { wakeAfterCommit } from '../release-scheduler/release-wake-after-commit';
import { GroupCommit, type BatchOutcome } from '../shared/group-commit';
import { MessageEventsWriter } from './message-events.writer';
import { MessageEntity } from './message.entity';
import { insertOutboundMessages } from './outbound-message.insert';
import { planSendBatch, type QueuedSend, type SendBatchPlan } from './send-batch-plan';
import { SendBatchWriter } from './send-batch.writer';
import { SendMetrics } from './send-metrics';
import type { SendMessageInput } from './send-message.input';

export type { SendMessageInput } from './send-message.input';

/**
 * POST /v1/messages. Each send is one transaction's worth of work — the contact (created when
 * new, locked), the opt-out check, the sender pin, the queued message and its `message.queued`
 * event — and sends that arrive together are decided and written together (group commit,
 * decision 0016): a queued id the caller receives always has its event, and the scheduler never
 * sees a message without a sender number.
 *
 * A batch is read, decided and written in two round trips (decision 0019): the contacts are read
 * without a lock, the batch is planned on them, and one statement writes it while re-checking,
 * under each contact's lock, that it is still as read. The sends whose contact changed in between
 * — rare: an opt-out, a re-pin or a concurrent first send in that instant — are decided again in
 * the locking transaction (five round trips), which is also what they were before.
 */
@Injectable()
export class SendMessageService {
  private readonly batches: GroupCommit<QueuedSend, MessageEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly events: MessageEventsWriter,
    private readonly batchWriter: SendBatchWriter,
    private readonly releaseWake: ReleaseWake,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: SendMetrics,
    env: SendBatchEnvironment,
  ) {
    this.batches = new GroupCommit((sends) => this.queueAll(sends), {
      maxBatch: env.MESSAGING_SEND_BATCH_MAX,
      maxInFlight: env.MESSAGING_SEND_BATCH_CONCURRENCY,
      observer: metrics,
    });
  }

  async send(companyId: string, input: SendMessageInput): Promise<MessageEntity> {
    const message = await this.batches.submit({ companyId, input, traceparent: currentTraceparent() });
    // Due now: this process's scheduler looks at once instead of at its next tick.
    this.releaseWake.notify();
    return message;
  }

  /**
   * One send inside the caller's transaction (an inbox handler's manager), with the id the caller
   * gives it: what queueLocked does for one send, committed with the caller's own writes. The
   * contact is locked first, so two requests for the same id (and so the same contact) run one
   * after the other, and the second finds the first's row: `existed`, nothing written. The
   * release scheduler is woken once the caller's transaction commits (a wake before it would find
   * nothing and sleep a whole tick).
   */
  async queueIn(
    manager: EntityManager,
    companyId: string,
    input: SendMessageInput,
    { id }: { id: string },
  ): Promise<BatchOutcome<MessageEntity> | { readonly existed: true }> {
    const contacts = await this.contacts.lockAllForSend(manager, [{ companyId, phone: input.to, firstName: input.firstName }]);
    // The caller's id is the message's key across every company: whoever holds it, it is taken.
    if (await crossCompanyRepository(manager, MessageEntity).existsBy({ id })) {
      await this.contacts.deleteCreated(manager, [...contacts.values()]);
      return { existed: true };
    }
    const send: QueuedSend = { companyId, input, traceparent: currentTraceparent() };
    const plan = planSendBatch([send], contacts, this.clock.now(), () => id);
    await insertOutboundMessages(manager, plan.messages, plan.pins);
    await this.events.appendForAll(manager, plan.messages, plan.traceparents);
    await this.contacts.deleteCreated(manager, plan.unusedNewContacts);
    if (plan.messages.length > 0) wakeAfterCommit(manager);
    return plan.outcomes[0]!;
  }

  /** A batch of sends; a refused send (opted out, no number) is answered alone and writes nothing. */
  private async queueAll(sends: readonly QueuedSend[]): Promise<ReadonlyArray<BatchOutcome<MessageEntity>>> {
    this.metrics.batchRan(sends.length);
    const runner = this.dataSource.createQueryRunner();
    let plan: SendBatchPlan;
    let written: Set<string>;
    try {
      const contacts = await this.contacts.readAllForSend(
        runner,
        sends.map(({ companyId, input }) => ({ companyId, phone: input.to })),
      );
      plan = planSendBatch(sends, contacts, this.clock.now(), randomUUID);
      written = await this.batchWriter.write(runner, sends, plan, contacts);
    } finally {
      // Past the write its sends are committed: nothing after it may throw (see decideAgain).
      await runner.release().catch(() => undefined);
    }
    const outcomes = [...plan.outcomes];
    const again = sends.flatMap((send, index) =>
      outcomes[index]!.ok && !written.has(contactKey(send.companyId, send.input.to)) ? [index] : [],
    );
    if (again.length === 0) return outcomes;
    this.metrics.decidedAgain(again.length);
    const decided = await this.decideAgain(again.map((index) => sends[index]!));
    again.forEach((sendIndex, i) => (outcomes[sendIndex] = decided[i]!));
    return outcomes;
  }

  /**
   * queueLocked for the sends the write left out. Never throws: the rest of the batch is already
   * committed, and a batch that throws is run again send by send (GroupCommit), which would queue
   * those a second time. A failed group is tried send by send; a send that fails alone is answered
   * with its error.
   */
  private async decideAgain(sends: readonly QueuedSend[]): Promise<ReadonlyArray<BatchOutcome<MessageEntity>>> {
    try {
      return await this.queueLocked(sends);
    } catch (error) {
      if (sends.length === 1) return [{ ok: false, error }];
      const outcomes: Array<BatchOutcome<MessageEntity>> = [];
      for (const send of sends) outcomes.push(...(await this.decideAgain([send])));
      return outcomes;
    }
  }

  /**
   * The batch in one transaction that locks its contacts first (five round trips): sends whose
   * contact changed under the two-round-trip write.
   */
  private queueLocked(sends: readonly QueuedSend[]): Promise<ReadonlyArray<BatchOutcome<MessageEntity>>> {
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
