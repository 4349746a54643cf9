import { Module, type DynamicModule } from '@nestjs/common';
import { ENVIRONMENT } from '@suite/http';
import { CARRIER_CALLBACK_SINK } from '../carrier/carrier.port';
import { SANDBOX_CARRIER_NAME } from '../carrier/sandbox/sandbox-carrier';
import { InboundModule } from '../inbound/inbound.module';
import { MessagesModule } from '../messages/messages.module';
import { CallbackIntakeService } from './callback-intake.service';
import { CarrierCallbacksController } from './carrier-callbacks.controller';
import { DeliveryReceiptsService } from './delivery-receipts.service';
import { ReceiptReconciler } from './receipt-reconciliation/receipt-reconciler';
import {
  RECEIPT_RECONCILIATION_OPTIONS,
  receiptReconciliationOptions,
} from './receipt-reconciliation/receipt-reconciliation.options';
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
  static forEnvironment(env: { readonly MESSAGING_CARRIER: string }): DynamicModule {
    const sandbox = env.MESSAGING_CARRIER === SANDBOX_CARRIER_NAME;
    return {
      module: CallbacksModule,
      imports: [InboundModule, MessagesModule],
      controllers: [CarrierCallbacksController, ...(sandbox ? [SandboxInboundController] : [])],
      providers: [
        CallbackIntakeService,
        DeliveryReceiptsService,
        { provide: RECEIPT_RECONCILIATION_OPTIONS, useFactory: receiptReconciliationOptions, inject: [ENVIRONMENT] },
        ReceiptReconciler,
        ReceiptSweep,
        ...(sandbox ? [SandboxInboundService] : []),
        { provide: CARRIER_CALLBACK_SINK, useExisting: CallbackIntakeService },
      ],
      exports: [CARRIER_CALLBACK_SINK],
    };
  }
}
