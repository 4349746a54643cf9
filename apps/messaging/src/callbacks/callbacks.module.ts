import { Module, type DynamicModule } from '@nestjs/common';
import { CARRIER_CALLBACK_SINK } from '../carrier/carrier.port';
import type { CarrierEnvironment } from '../carrier/carrier-environment';
import { SANDBOX_CARRIER_NAME } from '../carrier/sandbox/sandbox-carrier';
import { InboundModule } from '../inbound/inbound.module';
import { MessagesModule } from '../messages/messages.module';
import { ReleaseSchedulerEnvironment } from '../release-scheduler/release-scheduler-environment';
import { CallbackIntakeService } from './callback-intake.service';
import { CarrierCallbacksController } from './carrier-callbacks.controller';
import { DeliveryReceiptsService } from './delivery-receipts.service';
import { ReceiptReconciler } from './receipt-reconciliation/receipt-reconciler';
import {
  RECEIPT_RECONCILIATION_OPTIONS,
  receiptReconciliationOptions,
} from './receipt-reconciliation/receipt-reconciliation.options';
import { ReceiptReconciliationEnvironment } from './receipt-reconciliation/receipt-reconciliation-environment';
import { ReceiptSweep } from './receipt-reconciliation/receipt-sweep';
import { SandboxInboundController } from './sandbox-inbound.controller';
import { SandboxInboundService } from './sandbox-inbound.service';

/**
 * Everything that enters from the carrier: the signed callback route (receipts, inbound texts,
 * keywords) and its in-process twin CARRIER_CALLBACK_SINK; the reconciliation of `sent` messages
 * whose receipt never came (receipt-reconciliation/, decision 0049); with the sandbox carrier also
 * `POST /v1/sandbox/inbound` (absent — 404 — with any other carrier).
 */
@Module({})
export class CallbacksModule {
  static forEnvironment(env: Pick<CarrierEnvironment, 'MESSAGING_CARRIER'>): DynamicModule {
    const sandbox = env.MESSAGING_CARRIER === SANDBOX_CARRIER_NAME;
    return {
      module: CallbacksModule,
      imports: [InboundModule, MessagesModule],
      controllers: [CarrierCallbacksController, ...(sandbox ? [SandboxInboundController] : [])],
      providers: [
        CallbackIntakeService,
        DeliveryReceiptsService,
        {
          provide: RECEIPT_RECONCILIATION_OPTIONS,
          // Its own timeout; a lookup is bounded like every carrier call, by the scheduler's send timeout.
          useFactory: (own: ReceiptReconciliationEnvironment, scheduler: ReleaseSchedulerEnvironment) =>
            receiptReconciliationOptions({
              MESSAGING_RECEIPT_TIMEOUT_SECONDS: own.MESSAGING_RECEIPT_TIMEOUT_SECONDS,
              MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: scheduler.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS,
            }),
          inject: [ReceiptReconciliationEnvironment, ReleaseSchedulerEnvironment],
        },
        ReceiptReconciler,
        ReceiptSweep,
        ...(sandbox ? [SandboxInboundService] : []),
        { provide: CARRIER_CALLBACK_SINK, useExisting: CallbackIntakeService },
      ],
      exports: [CARRIER_CALLBACK_SINK],
    };
  }
}
