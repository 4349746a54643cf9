import { Logger } from '@nestjs/common';
import { verifyCallbackSignature } from '../callback-verifier';
import { CallbackRejectedError, CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import type { EntityManager } from 'typeorm';
import { jobQueuesOf, type JobsRuntime, type NewJob } from '@suite/jobs';
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

/** What the carrier enqueues (the jobs themselves run in the integration spec, on PostgreSQL). */
class RecordingJobs {
  readonly enqueued: NewJob[] = [];
  async enqueue(_manager: EntityManager, jobs: NewJob | readonly NewJob[]): Promise<string[]> {
    this.enqueued.push(...(Array.isArray(jobs) ? jobs : [jobs as NewJob]));
    return [];
  }
}

function setup(options: Partial<SandboxCarrierOptions> = {}) {
  const sink = new RecordingSink();
  const jobs = new RecordingJobs();
  const sut = new SandboxCarrier({
    callbackSecret: SECRET,
    sendDelayMs: 0,
    deliveryDelayMs: 2000,
    sink: () => sink,
    jobs: () => jobs as unknown as JobsRuntime,
    clock: () => new Date(),
    ...options,
  });
  sink.carrier = sut;
  return { sut, mocks: { sink, jobs } };
}

const manager = {} as EntityManager;

const request = (overrides: Partial<CarrierSendRequest> = {}) => aSendRequest({ effect: 'confetti', ...overrides });

describe('SandboxCarrier', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers({ now: START });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
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

  it('accepts at once, and enqueues the receipt, due after the delivery delay, when the hand-off is recorded', async () => {
    const { sut, mocks } = setup();
    const result = await sut.send(request());
    expect(result).toEqual({ carrierMessageId: expect.stringMatching(/^sbx_/), acceptedAt: START });
    expect(mocks.jobs.enqueued).toEqual([]);
    await sut.recordAccepted(manager, [{ request: request(), result }]);
    expect(mocks.jobs.enqueued).toEqual([
      {
        queue: 'messaging.sandbox_receipts',
        payload: { carrierMessageId: result.carrierMessageId, status: 'delivered' },
        runAt: new Date(START.getTime() + 2000),
      },
    ]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(mocks.sink.received).toEqual([]);
  });

  it('enqueues a failed receipt for a number ending in 13', async () => {
    const { sut, mocks } = setup();
    const failing = request({ to: '+12125550113' });
    await sut.recordAccepted(manager, [{ request: failing, result: await sut.send(failing) }]);
    expect(mocks.jobs.enqueued[0]!.payload).toEqual(
      expect.objectContaining({ status: 'failed', reason: expect.stringContaining('ends in 13') }),
    );
  });

  it('defines its receipts queue as a job handler (JobsModule runs it), and refuses to record hand-offs without jobs', async () => {
    const { sut } = setup();
    expect(jobQueuesOf(sut).map((queue) => queue.name)).toEqual(['messaging.sandbox_receipts']);
    const lonely = setup({ jobs: () => null }).sut;
    const result = await lonely.send(request());
    await expect(lonely.recordAccepted(manager, [{ request: request(), result }])).rejects.toThrow(/needs the app's jobs/);
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

  it('is idempotent by message id: a retried hand-off gets the same answer', async () => {
    const { sut } = setup();
    const first = await sut.send(request());
    const again = await sut.send(request());
    expect(again).toBe(first);
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

  it('clears its timers on shutdown: a waiting hand-off becomes unavailable', async () => {
    const { sut } = setup({ sendDelayMs: 1000 });
    const first = sut.send(request());
    await jest.advanceTimersByTimeAsync(1000);
    await first;
    const waiting = sut.send(request({ messageId: 'msg_2' }));
    expect(sut.pendingTimers).toBe(1);
    sut.onApplicationShutdown();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 hand-off(s) waiting'));
    await expect(waiting).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(sut.pendingTimers).toBe(0);
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
