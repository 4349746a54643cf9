import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@suite/http';
import { CallbackRejectedError } from '../carrier/carrier-errors';
import {
  CARRIER,
  type CallbackRequest,
  type Carrier,
  type CarrierCallback,
  type CarrierCallbackSink,
} from '../carrier/carrier.port';
import { InboundMessagesService } from '../inbound/inbound-messages.service';
import type { CallbackResult } from '../carrier/callback-result';
import { callbackRejectionError } from './callback-rejection';
import { DeliveryReceiptsService } from './delivery-receipts.service';

/**
 * The one entrance of carrier callbacks: `POST /v1/carrier/callbacks/{carrier}` and, in-process,
 * the CarrierCallbackSink the sandbox posts its signed receipts and simulated inbound texts to.
 * The active carrier's adapter verifies the signature over the raw bytes and normalises the body;
 * then the callbacks are dispatched in order — receipts to the state machine, consecutive ones in
 * one transaction (a body may carry a batch of them), inbound texts to inbound processing, each in
 * its own transaction — each step idempotent, so a provider may retry the whole request.
 */
@Injectable()
export class CallbackIntakeService implements CarrierCallbackSink {
  constructor(
    @Inject(CARRIER) private readonly carrier: Carrier,
    private readonly receipts: DeliveryReceiptsService,
    private readonly inbound: InboundMessagesService,
  ) {}

  async receive(request: CallbackRequest): Promise<CallbackResult[]> {
    if (!this.carrier.callbackProviders.includes(request.provider))
      throw new AppError('not_found', `No carrier "${request.provider}" is active on this service.`);
    const callbacks = this.read(request);
    const results: CallbackResult[] = [];
    // In order; consecutive receipts together (one transaction for a batch of them), each inbound text alone.
    for (let i = 0; i < callbacks.length;) {
      const callback = callbacks[i]!;
      if (callback.kind === 'inbound') {
        results.push(await this.inbound.receive(callback));
        i++;
        continue;
      }
      const receipts: Array<Extract<CarrierCallback, { kind: 'status' }>> = [];
      for (let next = callbacks[i]; next?.kind === 'status'; next = callbacks[++i]) receipts.push(next);
      results.push(...(await this.receipts.applyAll(receipts)));
    }
    return results;
  }

  /**
   * In-process submissions (the sandbox). Same path as the route; in addition a receipt for a
   * carrier id we do not know is refused, so that the sandbox retries it: with a short delivery
   * delay its receipt can arrive before the scheduler has committed the `sent` that records the
   * carrier id. (Over HTTP such a receipt is answered 200: see decision 0015.)
   */
  async submit(carrierName: string, headers: Record<string, string>, rawBody: string): Promise<void> {
    const results = await this.receive({ provider: carrierName, headers, rawBody, url: null, query: new URLSearchParams() });
    const unknown = results.find((result) => result.outcome === 'unknown_message');
    if (unknown) throw new Error(`no message with carrier id ${unknown.carrier_message_id} (yet)`);
  }

  private read(request: CallbackRequest) {
    try {
      return this.carrier.readCallback(request);
    } catch (error) {
      if (error instanceof CallbackRejectedError) throw callbackRejectionError(error);
      throw error;
    }
  }
}
