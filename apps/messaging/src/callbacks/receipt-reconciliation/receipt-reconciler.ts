import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobHandler, type JobQueue } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { CARRIER, type Carrier, type CarrierChannel } from '../../carrier/carrier.port';
import { withCarrierTimeout } from '../../release-scheduler/carrier-timeout';
import { DeliveryReceiptsService } from '../delivery-receipts.service';
import { RECEIPT_LOOKUPS_QUEUE, receiptLookupsQueue, type ReceiptLookupJob } from './receipt-lookups.queue';
import { RECEIPT_RECONCILIATION_OPTIONS, type ReceiptReconciliationOptions } from './receipt-reconciliation.options';
import { reconciliationOf } from './reconciliation-decision';

interface AwaitingMessage {
  readonly id: string;
  readonly status: string;
  readonly carrier_message_id: string | null;
  readonly channel: CarrierChannel | null;
  readonly sent_at: Date | null;
  /** The provider of the hand-off that carries the message's provider id (null for messages older than the hand-off log). */
  readonly provider: string | null;
}

const READ_MESSAGE = `
  SELECT m.id, m.status, m.carrier_message_id, m.channel, m.sent_at,
         (SELECT h.provider FROM messaging.message_hand_offs h
           WHERE h.message_id = m.id AND h.carrier_message_id = m.carrier_message_id
           ORDER BY h.started_at DESC LIMIT 1) AS provider
    FROM messaging.messages m WHERE m.id = $1`;

/**
 * The lookup half of the reconciliation (decision 0049): one job per `sent` message without a
 * receipt asks the provider that carried it (`Carrier.lookupStatus`) and applies the answer through
 * DeliveryReceiptsService — the path of a callback receipt, so the status change, its event and
 * the SMS resend rules are the same — or ends it `receipt_missing` when the provider cannot say
 * (reconciliation-decision.ts). A provider that cannot answer now: the job retries.
 */
@Injectable()
export class ReceiptReconciler {
  private readonly logger = new Logger('ReceiptReconciliation');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CARRIER) private readonly carrier: Carrier,
    @Inject(RECEIPT_RECONCILIATION_OPTIONS) private readonly options: ReceiptReconciliationOptions,
    private readonly receipts: DeliveryReceiptsService,
  ) {}

  @JobHandler(RECEIPT_LOOKUPS_QUEUE)
  lookupsQueue(): JobQueue<ReceiptLookupJob, void> {
    return receiptLookupsQueue((job) => this.reconcile(job), this.options.lookupTimeoutMs);
  }

  async reconcile({ messageId }: ReceiptLookupJob): Promise<void> {
    const [message] = (await this.dataSource.query(READ_MESSAGE, [messageId])) as AwaitingMessage[];
    // A receipt came meanwhile (or the message is gone): nothing to reconcile.
    if (!message || message.status !== 'sent' || !message.carrier_message_id) return;
    const provider = message.provider ?? this.carrier.route(message.channel ?? 'sms').provider;
    const status = await withCarrierTimeout(
      this.carrier.lookupStatus(message.carrier_message_id, provider),
      this.options.lookupTimeoutMs,
      `status lookup of ${message.carrier_message_id} at ${provider}`,
    );
    const now = this.clock.now();
    const decision = reconciliationOf(status, {
      provider,
      sentAt: new Date(message.sent_at ?? now),
      now,
      timeoutSeconds: this.options.timeoutSeconds,
    });
    if (decision.kind === 'later') {
      this.logger.log(`message ${message.id}: ${decision.why}; asked again in ${this.options.timeoutSeconds} s`);
      return;
    }
    const [result] = await this.receipts.applyAll([
      {
        kind: 'status',
        carrierMessageId: message.carrier_message_id,
        status: decision.status,
        ...(decision.reason === undefined ? {} : { reason: decision.reason }),
        at: decision.at,
        messageId: message.id,
      },
    ]);
    this.logger.warn(
      `message ${message.id}: no receipt after ${this.options.timeoutSeconds} s; ${provider} says ${status.kind} → ${decision.status} (${result!.outcome})`,
    );
  }
}
