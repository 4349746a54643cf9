import { Logger } from '@nestjs/common';
import { verifyCallbackSignature } from '../callback-verifier';
import { CallbackRejectedError, CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import type { CarrierCallback, CarrierCallbackSink, CarrierSendRequest } from '../carrier.port';
import { aSendRequest } from '../testing/send-request.builder';
import { SandboxCarrier, type SandboxCarrierOptions } from './sandbox-carrier';

const SECRET = 'sandbox-spec-secret-0123456789abcdef';
const START = new Date('2025-06-02T15:00:00.000Z');

/** A sink that verifies like the real route and records what it received. */
class RecordingSink implements CarrierCallbackSink {
  readonly received: CarrierCallback[] = [];
  /** Callbacks per submitted body. */
  readonly bodies: number[] = [];
  failuresLeft = 0;
  carrier!: SandboxCarrier;

  async submit(carrier: string, headers: Record<string, string>, rawBody: string): Promise<void> {
    expect(carrier).toBe('sandbox');
    verifyCallbackSignature(SECRET, headers, rawBody, new Date());
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('database unavailable');
    }
    const callbacks = this.carrier.readCallback({
      provider: 'sandbox',
      headers,
      rawBody,
      url: null,
      query: new URLSearchParams(),
    });
    this.bodies.push(callbacks.length);
    this.received.push(...callbacks);
  }
}

function setup(options: Partial<SandboxCarrierOptions> = {}) {
  const sink = new RecordingSink();
  const sut = new SandboxCarrier({
    callbackSecret: SECRET,
    sendDelayMs: 0,
    deliveryDelayMs: 2000,
    sink: () => sink,
    clock: () => new Date(),
    receiptRetryDelaysMs: [1000, 1000],
    ...options,
  });
  sink.carrier = sut;
  return { sut, mocks: { sink } };
}

const request = (overrides: Partial<CarrierSendRequest> = {}) => aSendRequest({ effect: 'confetti', ...overrides });

describe('SandboxCarrier', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers({ now: START });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('looks capabilities up by the documented rule', async () => {
    const { sut } = setup();
    await expect(sut.lookupCapability('+12125550101')).resolves.toEqual({ imessage: true, sms: true, mms: true });
    await expect(sut.lookupCapability('+12125550109')).resolves.toEqual({ imessage: false, sms: false, mms: false });
  });

  it('accepts at once, then posts a signed delivered receipt after the delivery delay', async () => {
    const { sut, mocks } = setup();
    const result = await sut.send(request());
    expect(result).toEqual({ carrierMessageId: expect.stringMatching(/^sbx_/), acceptedAt: START });
    await jest.advanceTimersByTimeAsync(1999);
    expect(mocks.sink.received).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(mocks.sink.received).toEqual([
      { kind: 'status', carrierMessageId: result.carrierMessageId, status: 'delivered', at: new Date(START.getTime() + 2000) },
    ]);
    expect(sut.pendingTimers).toBe(0);
  });

  it('posts the receipts due together in one signed body, each still after its own delivery delay', async () => {
    const { sut, mocks } = setup();
    const first = await sut.send(request({ messageId: 'msg_1' }));
    const second = await sut.send(request({ messageId: 'msg_2', to: '+12125550113' }));
    await jest.advanceTimersByTimeAsync(500);
    const third = await sut.send(request({ messageId: 'msg_3' }));
    await jest.advanceTimersByTimeAsync(1500);
    expect(mocks.sink.bodies).toEqual([2]);
    expect(
      mocks.sink.received.map((callback) => [callback.carrierMessageId, callback.kind === 'status' && callback.status]),
    ).toEqual([
      [first.carrierMessageId, 'delivered'],
      [second.carrierMessageId, 'failed'],
    ]);
    await jest.advanceTimersByTimeAsync(499);
    expect(mocks.sink.bodies).toEqual([2]);
    await jest.advanceTimersByTimeAsync(1);
    expect(mocks.sink.bodies).toEqual([2, 1]);
    expect(mocks.sink.received[2]).toMatchObject({
      carrierMessageId: third.carrierMessageId,
      at: new Date(START.getTime() + 2500),
    });
    expect(sut.pendingTimers).toBe(0);
  });

  it('reports failed for a number ending in 13', async () => {
    const { sut, mocks } = setup({ deliveryDelayMs: 0 });
    await sut.send(request({ to: '+12125550113' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(mocks.sink.received).toEqual([
      expect.objectContaining({ status: 'failed', reason: expect.stringContaining('ends in 13') }),
    ]);
  });

  it('waits the configured send delay before answering', async () => {
    const { sut } = setup({ sendDelayMs: 500 });
    let settled = false;
    const sending = sut.send(request()).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await sending;
    expect(settled).toBe(true);
  });

  it('is idempotent by message id: a retried hand-off gets the same answer and no second receipt', async () => {
    const { sut, mocks } = setup();
    const first = await sut.send(request());
    const again = await sut.send(request());
    expect(again).toBe(first);
    await jest.advanceTimersByTimeAsync(5000);
    expect(mocks.sink.received).toHaveLength(1);
  });

  it('refuses for good with [sandbox:reject] and for a channel the number lacks', async () => {
    const { sut, mocks } = setup();
    await expect(sut.send(request({ body: 'x [sandbox:reject]' }))).rejects.toBeInstanceOf(CarrierRejectedError);
    await expect(sut.send(request({ messageId: 'msg_2', to: '+12125550106' }))).rejects.toMatchObject({
      code: 'channel_unsupported',
    });
    await jest.advanceTimersByTimeAsync(5000);
    expect(mocks.sink.received).toEqual([]);
  });

  it('is unavailable once with [sandbox:unavailable], then accepts the retry', async () => {
    const { sut } = setup();
    await expect(sut.send(request({ body: '[sandbox:unavailable]' }))).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(sut.send(request({ body: '[sandbox:unavailable]' }))).resolves.toMatchObject({
      carrierMessageId: expect.any(String),
    });
  });

  it('re-submits a receipt the sink refused, re-signed, then gives up after the last retry', async () => {
    const { sut, mocks } = setup();
    mocks.sink.failuresLeft = 1;
    await sut.send(request());
    await jest.advanceTimersByTimeAsync(2000);
    expect(mocks.sink.received).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(mocks.sink.received).toHaveLength(1);

    mocks.sink.failuresLeft = 3;
    await sut.send(request({ messageId: 'msg_2' }));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(mocks.sink.received).toHaveLength(1);
    expect(sut.pendingTimers).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('retrying in 1000 ms'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('dropped after 3 attempt(s): database unavailable'));
  });

  it('clears its timers on shutdown: pending receipts are lost, a waiting hand-off becomes unavailable', async () => {
    const { sut, mocks } = setup({ sendDelayMs: 1000 });
    const first = sut.send(request());
    await jest.advanceTimersByTimeAsync(1000);
    await first;
    const waiting = sut.send(request({ messageId: 'msg_2' }));
    expect(sut.pendingTimers).toBe(2);
    sut.onApplicationShutdown();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('2 pending timer(s)'));
    await expect(waiting).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(sut.pendingTimers).toBe(0);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(mocks.sink.received).toEqual([]);
    await expect(sut.send(request({ messageId: 'msg_3' }))).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('simulates an inbound text through the signed path, phones normalised', async () => {
    const { sut, mocks } = setup();
    const { carrierMessageId } = await sut.simulateInbound({ from: '2125550100', to: '+13105550199', body: 'STOP' });
    expect(mocks.sink.received).toEqual([
      {
        kind: 'inbound',
        carrierMessageId,
        from: '+12125550100',
        to: '+13105550199',
        body: 'STOP',
        at: START,
        channel: 'imessage',
      },
    ]);
  });

  it('verifies callbacks it is given: a forged one is refused', () => {
    const { sut } = setup();
    const { headers, rawBody } = sut.signedCallback({
      kind: 'status',
      carrierMessageId: 'sbx_1',
      status: 'delivered',
      at: START,
    });
    expect(sut.readCallback({ provider: 'sandbox', headers, rawBody, url: null, query: new URLSearchParams() })).toHaveLength(1);
    expect(() =>
      sut.readCallback({
        provider: 'sandbox',
        headers,
        rawBody: rawBody.replace('delivered', 'failed'),
        url: null,
        query: new URLSearchParams(),
      }),
    ).toThrow(CallbackRejectedError);
  });
});
