import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { applyStatusEvent } from '@suite/message-status';
import { AppError } from '@suite/runtime';
import type { CarrierCallback } from '../carrier/carrier.port';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity } from '../messages/message.entity';
import type { CallbackResult } from './callback-result';
import { decideReceipt } from './receipt-decision';

type StatusCallback = Extract<CarrierCallback, { kind: 'status' }>;

/** failure_reason of a failed receipt that gave none. */
export const DELIVERY_FAILED = 'delivery_failed';
const REASON_MAX_LENGTH = 255;

/**
 * A delivery receipt: the message with that carrier id goes `sent` → `delivered` or `failed`
 * through the state machine (delivered_at or failure_reason, and the carrier's time in
 * carrier_ts), with its event, in one transaction. Retries and late receipts change nothing
 * (receipt-decision.ts says what answers what).
 */
@Injectable()
export class DeliveryReceiptsService {
  private readonly logger = new Logger(DeliveryReceiptsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: MessageEventsWriter,
  ) {}

  async apply(receipt: StatusCallback): Promise<CallbackResult> {
    const result = (outcome: CallbackResult['outcome'], messageId: string | null): CallbackResult => ({
      kind: 'status',
      carrier_message_id: receipt.carrierMessageId,
      outcome,
      message_id: messageId,
    });
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(MessageEntity);
      const message = await repository.findOneBy({ carrierMessageId: receipt.carrierMessageId });
      let decision = decideReceipt(message?.status ?? null, receipt.status);
      if (message && decision.kind === 'apply') {
        const set =
          decision.event === 'deliver'
            ? { delivered_at: receipt.at, carrier_ts: receipt.at }
            : { failure_reason: (receipt.reason?.trim() || DELIVERY_FAILED).slice(0, REASON_MAX_LENGTH), carrier_ts: receipt.at };
        const outcome = await applyStatusEvent(manager, { table: 'messaging.messages', id: message.id, event: decision.event, set });
        if (outcome.applied) {
          await this.events.appendFor(manager, await repository.findOneByOrFail({ id: message.id }));
          return result('applied', message.id);
        }
        // A concurrent copy of this receipt (or another verdict) got there first: judge against it.
        decision = decideReceipt(outcome.current, receipt.status);
      }
      switch (decision.kind) {
        case 'unknown':
          this.logger.warn(`delivery receipt for unknown carrier message ${receipt.carrierMessageId} (${receipt.status}) ignored`);
          return result('unknown_message', null);
        case 'not_yet':
          throw new AppError('unavailable', `Message for carrier id ${receipt.carrierMessageId} is not recorded as sent yet; retry the receipt.`);
        case 'conflicting':
          this.logger.warn(`${receipt.status} receipt for ${receipt.carrierMessageId} ignored: the message is already ${decision.current}`);
          return result('ignored', message?.id ?? null);
        default:
          return result('duplicate', message?.id ?? null);
      }
    });
  }
}
