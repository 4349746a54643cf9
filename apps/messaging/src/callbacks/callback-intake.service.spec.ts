import { AppError } from '@suite/http';
import { CallbackRejectedError, type CallbackRejection } from '../carrier/carrier-errors';
import type { CallbackRequest, Carrier, CarrierCallback } from '../carrier/carrier.port';
import type { InboundMessagesService } from '../inbound/inbound-messages.service';
import { CallbackIntakeService } from './callback-intake.service';
import type { CallbackResult } from '../carrier/callback-result';
import type { DeliveryReceiptsService } from './delivery-receipts.service';

const at = new Date('2025-06-02T15:00:00Z');
const receipt: CarrierCallback = { kind: 'status', carrierMessageId: 'sbx_1', status: 'delivered', at };
const inbound: CarrierCallback = {
  kind: 'inbound',
  carrierMessageId: 'sbx_in_1',
  from: '+12125550100',
  to: '+14155550101',
  body: 'hi',
  at,
};

function setup(read: () => CarrierCallback[], receiptOutcome: CallbackResult['outcome'] = 'applied') {
  const carrier = { name: 'sandbox', callbackProviders: ['sandbox'], readCallback: jest.fn(read) } as unknown as Carrier;
  const applied: CarrierCallback[] = [];
  const receiptBatches: CarrierCallback[][] = [];
  const receipts = {
    applyAll: jest.fn(async (callbacks: CarrierCallback[]) => {
      applied.push(...callbacks);
      receiptBatches.push(callbacks);
      return callbacks.map((callback) => ({
        kind: 'status',
        carrier_message_id: callback.carrierMessageId,
        outcome: receiptOutcome,
        message_id: null,
      }));
    }),
  } as unknown as DeliveryReceiptsService;
  const inboundService = {
    receive: jest.fn(async (callback: CarrierCallback) => {
      applied.push(callback);
      return { kind: 'inbound', carrier_message_id: callback.carrierMessageId, outcome: 'applied', message_id: 'm-1' };
    }),
  } as unknown as InboundMessagesService;
  return { sut: new CallbackIntakeService(carrier, receipts, inboundService), carrier, applied, receiptBatches };
}

const callback = (provider: string, headers: Record<string, string>, rawBody: Buffer | string): CallbackRequest => ({
  provider,
  headers,
  rawBody,
  url: null,
  query: new URLSearchParams(),
});

const rejecting = (reason: CallbackRejection) => () => {
  throw new CallbackRejectedError(reason, `refused: ${reason}`);
};

describe('CallbackIntakeService', () => {
  it('dispatches each verified callback in order: receipts to the receipts, texts to inbound', async () => {
    const { sut, carrier, applied } = setup(() => [receipt, inbound]);
    const results = await sut.receive(callback('sandbox', { a: 'b' }, Buffer.from('raw')));
    expect(carrier.readCallback).toHaveBeenCalledWith(callback('sandbox', { a: 'b' }, Buffer.from('raw')));
    expect(applied).toEqual([receipt, inbound]);
    expect(results.map((result) => [result.kind, result.outcome])).toEqual([
      ['status', 'applied'],
      ['inbound', 'applied'],
    ]);
  });

  it('applies consecutive receipts of one body together, keeping the order around inbound texts', async () => {
    const second = { ...receipt, carrierMessageId: 'sbx_2' } as CarrierCallback;
    const third = { ...receipt, carrierMessageId: 'sbx_3' } as CarrierCallback;
    const { sut, applied, receiptBatches } = setup(() => [receipt, second, inbound, third]);
    const results = await sut.receive(callback('sandbox', {}, ''));
    expect(applied).toEqual([receipt, second, inbound, third]);
    expect(receiptBatches).toEqual([[receipt, second], [third]]);
    expect(results.map((result) => result.carrier_message_id)).toEqual(['sbx_1', 'sbx_2', 'sbx_in_1', 'sbx_3']);
  });

  it('404 for a carrier that is not the active one, before reading anything', async () => {
    const { sut, carrier } = setup(() => [receipt]);
    await expect(sut.receive(callback('twilio', {}, ''))).rejects.toMatchObject({ kind: 'not_found' });
    expect(carrier.readCallback).not.toHaveBeenCalled();
  });

  it.each<[CallbackRejection, string]>([
    ['missing_signature', 'unauthenticated'],
    ['malformed_signature', 'unauthenticated'],
    ['stale', 'unauthenticated'],
    ['bad_signature', 'unauthenticated'],
    ['malformed_body', 'invalid'],
  ])('a %s rejection is %s, and nothing is dispatched', async (reason, kind) => {
    const { sut, applied } = setup(rejecting(reason));
    const failure = await sut.receive(callback('sandbox', {}, '')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind, message: `refused: ${reason}` });
    expect(applied).toEqual([]);
  });

  it('lets other errors through (a 500, the provider retries)', async () => {
    const { sut } = setup(() => {
      throw new Error('boom');
    });
    await expect(sut.receive(callback('sandbox', {}, ''))).rejects.toThrow('boom');
  });

  it('in-process, a receipt for an unknown carrier id is refused so the sandbox retries it', async () => {
    await expect(setup(() => [receipt], 'unknown_message').sut.submit('sandbox', {}, '')).rejects.toThrow(
      /no message with carrier id sbx_1/,
    );
    await expect(setup(() => [receipt], 'duplicate').sut.submit('sandbox', {}, '')).resolves.toBeUndefined();
  });
});
