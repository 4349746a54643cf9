import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { PreparedStatement } from '@suite/database';
import { targetOf, type MessageStatus } from '@suite/message-status';
import { AppError } from '@suite/runtime';
import type { CarrierCallback } from '../carrier/carrier.port';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { changeStatusesAndAnnounce } from '../messages/message-status-change';
import { MESSAGES_TABLE } from '../messages/message.entity';
import { transactionRunner } from '../shared/transaction-runner';
import type { CallbackResult } from '../carrier/callback-result';
import { decideReceipt, type ReceiptDecision } from './receipt-decision';

type StatusCallback = Extract<CarrierCallback, { kind: 'status' }>;
type ApplyEvent = Extract<ReceiptDecision, { kind: 'apply' }>['event'];

/** failure_reason of a failed receipt that gave none. */
export const DELIVERY_FAILED = 'delivery_failed';
const REASON_MAX_LENGTH = 255;

/** The messages the receipts name, by carrier id (unique index); no lock: the guarded update locks and judges again. */
const MESSAGES_BY_CARRIER_ID = new PreparedStatement(
  'receipts_messages_by_carrier_id',
  `SELECT id, status, carrier_message_id FROM messaging.messages WHERE carrier_message_id = ANY($1::text[])`,
  'messaging',
);

/**
 * Delivery receipts: the message with each receipt's carrier id goes `sent` → `delivered` or
 * `failed` through the state machine (delivered_at or failure_reason, and the carrier's time in
 * carrier_ts), with its event. The receipts of one callback request are applied in one
 * transaction — one read of their messages, one guarded update per verdict, one outbox append —
 * rather than one transaction each (decision 0015, amended). Retries and late receipts change
 * nothing (receipt-decision.ts says what answers what).
 */
@Injectable()
export class DeliveryReceiptsService {
  private readonly logger = new Logger(DeliveryReceiptsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: MessageEventsWriter,
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
        default:
          return answer('duplicate');
      }
    });
  }

  private async decideAndApply(
    manager: EntityManager,
    receipts: readonly StatusCallback[],
  ): Promise<Array<(Exclude<ReceiptDecision, { kind: 'apply' }> | { kind: 'applied' }) & { messageId: string | null }>> {
    const { rows } = await MESSAGES_BY_CARRIER_ID.run<{ id: string; status: MessageStatus; carrier_message_id: string }>(
      transactionRunner(manager),
      [[...new Set(receipts.map((receipt) => receipt.carrierMessageId))]],
    );
    const byCarrierId = new Map(rows.map((row) => [row.carrier_message_id, row]));
    // The status each message will have, so a second copy of a receipt in the same request is judged against the first.
    const status = new Map(rows.map((row) => [row.id, row.status]));
    const decisions = receipts.map((receipt) => {
      const message = byCarrierId.get(receipt.carrierMessageId);
      const decision = decideReceipt(message ? status.get(message.id)! : null, receipt.status);
      if (message && decision.kind === 'apply') status.set(message.id, targetOf(decision.event)!);
      return { receipt, messageId: message?.id ?? null, decision };
    });

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
        : { ...(decision as Exclude<ReceiptDecision, { kind: 'apply' }>), messageId },
    );
  }
}
