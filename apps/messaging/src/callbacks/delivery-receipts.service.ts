import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { JobsRuntime } from '@suite/jobs';
import { targetOf, type MessageStatus } from '@suite/message-status';
import { AppError } from '@suite/http';
import { openTransactionOf } from '@suite/database';
import { CARRIER, type Carrier, type CarrierCallback } from '../carrier/carrier.port';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { changeStatusesAndAnnounce } from '../messages/message-status-change';
import { MESSAGES_TABLE } from '../messages/message.entity';
import type { CallbackResult } from '../carrier/callback-result';
import { SMS_FALLBACK_QUEUE } from '../sms-fallback/sms-fallback.job';
import { decideReceipt, type ReceiptDecision } from './receipt-decision';
import {
  attemptOf,
  forgetImessage,
  isMessageId,
  markDowngraded,
  MESSAGES_BY_CARRIER_ID,
  waitForMessages,
  type ReceiptMessage,
} from './receipt-hand-offs';

type StatusCallback = Extract<CarrierCallback, { kind: 'status' }>;
type ApplyEvent = Extract<ReceiptDecision, { kind: 'apply' }>['event'];

/**
 * What a receipt does beyond the state machine's answer: `resend` (an undelivered iMessage goes
 * again by SMS through another provider: applied, the message stays `sent`), `superseded` (a
 * receipt of an attempt the SMS resend replaced: changes nothing).
 */
type Judged = ReceiptDecision | { readonly kind: 'resend' } | { readonly kind: 'superseded'; readonly repeated: boolean };

/** failure_reason of a failed receipt that gave none. */
export const DELIVERY_FAILED = 'delivery_failed';
const REASON_MAX_LENGTH = 255;

@Injectable()
export class DeliveryReceiptsService {
  private readonly logger = new Logger(DeliveryReceiptsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CARRIER) private readonly carrier: Carrier,
    private readonly events: MessageEventsWriter,
    private readonly jobs: JobsRuntime,
  ) {}

  async apply(receipt: StatusCallback): Promise<CallbackResult> {
    return (await this.applyAll([receipt]))[0]!;
  }

  /**
   * Results in the order of `receipts`. A receipt whose message is not recorded as `sent` yet
   * makes the whole request answer 503 (AppError 'unavailable') AFTER the others are committed:
   * the provider retries the request, and what was applied is a duplicate then.
   */
  async applyAll(receipts: readonly StatusCallback[]): Promise<CallbackResult[]> {
    if (receipts.length === 0) return [];
    const decided = await this.dataSource.transaction((manager) => this.decideAndApply(manager, receipts));
    const notYet = receipts.filter((_, i) => decided[i]!.kind === 'not_yet');
    if (notYet.length > 0) {
      throw new AppError(
        'unavailable',
        `Message for carrier id ${notYet.map((receipt) => receipt.carrierMessageId).join(', ')} is not recorded as sent yet; retry the receipt.`,
      );
    }
    return receipts.map((receipt, i) => {
      const result = decided[i]!;
      const answer = (outcome: CallbackResult['outcome']): CallbackResult => ({
        kind: 'status',
        carrier_message_id: receipt.carrierMessageId,
        outcome,
        message_id: result.messageId,
      });
      switch (result.kind) {
        case 'applied':
          return answer('applied');
        case 'unknown':
          this.logger.warn(
            `delivery receipt for unknown carrier message ${receipt.carrierMessageId} (${receipt.status}) ignored`,
          );
          return answer('unknown_message');
        case 'conflicting':
          this.logger.warn(
            `${receipt.status} receipt for ${receipt.carrierMessageId} ignored: the message is already ${result.current}`,
          );
          return answer('ignored');
        case 'resend':
          return answer('applied');
        case 'superseded':
          return answer(result.repeated ? 'duplicate' : 'ignored');
        default:
          return answer('duplicate');
      }
    });
  }

  private async decideAndApply(
    manager: EntityManager,
    receipts: readonly StatusCallback[],
  ): Promise<Array<(Exclude<Judged, { kind: 'apply' }> | { kind: 'applied' }) & { messageId: string | null }>> {
    const { byCarrierId, byId } = await this.messagesOf(manager, receipts);
    // The status each message will have, so a second copy of a receipt in the same request is judged against the first.
    const status = new Map([...byCarrierId.values()].map((row) => [row.id, row.status]));
    const decisions: Array<{ receipt: StatusCallback; messageId: string | null; decision: Judged }> = [];
    for (const receipt of receipts) {
      const message = byCarrierId.get(receipt.carrierMessageId);
      if (!message) {
        decisions.push({ receipt, ...(await this.withoutMessage(manager, receipt, byId)) });
        continue;
      }
      const downgrade = receipt.downgraded ? await this.downgraded(manager, receipt, message, status.get(message.id)!) : 'apply';
      if (downgrade !== 'apply') {
        decisions.push({ receipt, messageId: message.id, decision: { kind: downgrade === 'resend' ? 'resend' : 'duplicate' } });
        continue;
      }
      const decision = decideReceipt(status.get(message.id)!, receipt.status);
      if (decision.kind === 'apply') status.set(message.id, targetOf(decision.event)!);
      decisions.push({ receipt, messageId: message.id, decision });
    }

    const applied = new Map<number, boolean>();
    for (const event of ['deliver', 'fail_delivery'] satisfies ApplyEvent[]) {
      const batch = decisions.flatMap((entry, i) =>
        entry.decision.kind === 'apply' && entry.decision.event === event ? [{ ...entry, i }] : [],
      );
      if (batch.length === 0) continue;
      const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        event,
        rows: batch.map(({ receipt, messageId }) => ({
          id: messageId!,
          set:
            event === 'deliver'
              ? { delivered_at: receipt.at, carrier_ts: receipt.at }
              : {
                  failure_reason: (receipt.reason?.trim() || DELIVERY_FAILED).slice(0, REASON_MAX_LENGTH),
                  carrier_ts: receipt.at,
                },
        })),
      });
      for (const [j, outcome] of outcomes.entries()) {
        const { i, receipt } = batch[j]!;
        applied.set(i, outcome.applied);
        // A concurrent copy of this receipt (or another verdict) got there first: judge against it.
        if (!outcome.applied) decisions[i] = { ...decisions[i]!, decision: decideReceipt(outcome.current, receipt.status) };
      }
    }
    return decisions.map(({ messageId, decision }, i) =>
      applied.get(i)
        ? { kind: 'applied' as const, messageId }
        : { ...(decision as Exclude<Judged, { kind: 'apply' }>), messageId },
    );
  }

  /**
   * The messages of the receipts' carrier ids; for a receipt whose id is not recorded but which names
   * one of our messages, that message after waiting for the transaction holding it (a hand-off that
   * has the provider's answer but has not committed it yet).
   */
  private async messagesOf(
    manager: EntityManager,
    receipts: readonly StatusCallback[],
  ): Promise<{ byCarrierId: Map<string, ReceiptMessage>; byId: Map<string, ReceiptMessage> }> {
    const carrierIds = [...new Set(receipts.map((receipt) => receipt.carrierMessageId))];
    const { rows } = await MESSAGES_BY_CARRIER_ID.run<ReceiptMessage>(openTransactionOf(manager, 'delivery-receipts.service'), [
      carrierIds,
    ]);
    const byCarrierId = new Map(rows.map((row) => [row.carrier_message_id!, row]));
    const named = receipts.flatMap((receipt) =>
      !byCarrierId.has(receipt.carrierMessageId) && isMessageId(receipt.messageId) ? [receipt.messageId] : [],
    );
    const waited = await waitForMessages(manager, [...new Set(named)]);
    for (const row of waited)
      if (row.carrier_message_id && carrierIds.includes(row.carrier_message_id)) byCarrierId.set(row.carrier_message_id, row);
    return { byCarrierId, byId: new Map(waited.map((row) => [row.id, row])) };
  }

  /**
   * A receipt whose carrier id no message holds: its message still being handed over (not yet:
   * 503), an attempt an SMS resend replaced (changes nothing), or none of ours.
   */
  private async withoutMessage(
    manager: EntityManager,
    receipt: StatusCallback,
    byId: Map<string, ReceiptMessage>,
  ): Promise<{ messageId: string | null; decision: Judged }> {
    const named = receipt.messageId ? byId.get(receipt.messageId) : undefined;
    if (named && (named.status === 'queued' || named.status === 'sending'))
      return { messageId: named.id, decision: { kind: 'not_yet' } };
    const attempt = await attemptOf(manager, receipt.carrierMessageId);
    if (!attempt) return { messageId: null, decision: { kind: 'unknown' } };
    this.logger.log(
      `receipt for ${receipt.carrierMessageId} of message ${attempt.message_id}: an attempt its SMS resend replaced`,
    );
    return {
      messageId: attempt.message_id,
      decision: { kind: 'superseded', repeated: receipt.downgraded === true && attempt.downgraded_at !== null },
    };
  }

  /**
   * A receipt saying the iMessage did not go as iMessage. Undelivered, from a provider other than
   * the one that carries text (sendblue+twilio), of a `sent` message: the attempt is marked and the
   * SMS resend enqueued — once: a repeated receipt finds it marked (`duplicate`). Otherwise (it was
   * delivered as SMS by the provider itself, or no other provider carries text) the attempt is
   * marked, the contact's stored capability loses iMessage, and the receipt applies as usual.
   */
  private async downgraded(
    manager: EntityManager,
    receipt: StatusCallback,
    message: ReceiptMessage,
    current: MessageStatus,
  ): Promise<'resend' | 'repeated' | 'apply'> {
    // Message row first, then its attempt: the order of the hand-off and the resend, which lock the message and write attempts.
    await waitForMessages(manager, [message.id]);
    const attempt = await attemptOf(manager, receipt.carrierMessageId);
    if (!attempt || attempt.message_id !== message.id) return 'apply';
    const textElsewhere = attempt.channel === 'imessage' && this.carrier.route('sms').provider !== attempt.provider;
    if (receipt.status === 'failed' && textElsewhere && current === 'sent') {
      if (!(await markDowngraded(manager, attempt.id, receipt.at, receipt.reason))) return 'repeated';
      await this.jobs.enqueue(manager, { queue: SMS_FALLBACK_QUEUE, payload: { messageId: message.id, attemptId: attempt.id } });
      this.logger.log(
        `message ${message.id}: not delivered as iMessage (${receipt.reason ?? 'no reason'}); an SMS resend follows`,
      );
      return 'resend';
    }
    await markDowngraded(manager, attempt.id, receipt.at, receipt.reason);
    await forgetImessage(manager, message, receipt.at);
    return 'apply';
  }
}
