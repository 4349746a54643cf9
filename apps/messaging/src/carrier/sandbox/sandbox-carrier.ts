import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobHandler, type JobQueue, type JobsRuntime } from '@suite/jobs';
import { CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import { SignedCallbacks } from '../signed-callbacks';
import {
  SENDER_PROVIDERS,
  type AcceptedHandOff,
  type CallbackRequest,
  type Carrier,
  type CarrierCallback,
  type CarrierCallbackSink,
  type CarrierMessageStatus,
  type CarrierRoute,
  type CarrierSendRequest,
  type CarrierSendResult,
  type PhoneCapability,
  type SenderProvider,
} from '../carrier.port';
import { sandboxInboundCallback, type SandboxInboundInput } from './sandbox-inbound';
import { sandboxCapability, sandboxCarrierMessageId, sandboxHandOff, sandboxReceipt } from './sandbox-rules';
import { SANDBOX_RECEIPTS_QUEUE, SandboxReceiptPoster, sandboxReceiptsQueue, type SandboxReceiptJob } from './sandbox-receipts';

export const SANDBOX_CARRIER_NAME = 'sandbox';
/** The sandbox simulates every provider: any number of the pool will do. */
const SANDBOX_ROUTE: CarrierRoute = { provider: SANDBOX_CARRIER_NAME, senderProvider: null };

export interface SandboxCarrierOptions {
  /** The shared callback secret: receipts are signed with it like a real carrier's. */
  readonly callbackSecret: string;
  /** Latency of a hand-off (MESSAGING_SANDBOX_SEND_DELAY_MS). */
  readonly sendDelayMs: number;
  /** From acceptance to the delivery receipt (MESSAGING_SANDBOX_DELIVERY_DELAY_MS). */
  readonly deliveryDelayMs: number;
  /** Resolved when a receipt is due, so the sink may live in a module built after this one. */
  readonly sink: () => CarrierCallbackSink;
  /**
   * The app's jobs, where the receipts wait (resolved when needed; null: none, so no receipts —
   * only a module spec without a database builds it so).
   */
  readonly jobs?: () => JobsRuntime | null;
  readonly clock?: () => Date;
}

/** Remembered hand-offs (idempotency) and first attempts; old entries go first beyond this. */
const MEMORY_LIMIT = 10_000;

/**
 * A carrier that sends nothing and behaves predictably (sandbox-rules.ts). It accepts or refuses
 * hand-offs at once (after the configured latency), then, after the delivery delay, posts a
 * SIGNED receipt to the callback sink — the same verification path a real carrier's webhook
 * takes. Each receipt is a job (sandbox-receipts.ts) enqueued in the transaction that records the
 * message `sent` (recordAccepted): it exists if and only if the hand-off is recorded, and a restart
 * or a killed replica does not lose it (decision 0049). The hand-off latency's timers are unref'd
 * and cleared on shutdown.
 */
export class SandboxCarrier implements Carrier, OnApplicationShutdown {
  readonly name = SANDBOX_CARRIER_NAME;
  readonly callbackProviders = [SANDBOX_CARRIER_NAME];
  /** It simulates them all, so a pool rehearsing a real one (Twilio numbers, Sendblue lines) works too. */
  readonly senderProviders: readonly SenderProvider[] = SENDER_PROVIDERS;
  readonly defaultSenderProvider: SenderProvider = 'sandbox';
  private readonly logger = new Logger(SandboxCarrier.name);
  private readonly callbacks: SignedCallbacks;
  private readonly clock: () => Date;
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly accepted = new Map<string, CarrierSendResult>();
  /** The verdict of each accepted carrier id (lookupStatus), by the receipt rule; lost with the process. */
  private readonly verdicts = new Map<string, ReturnType<typeof sandboxReceipt>>();
  private readonly attempted = new Set<string>();
  private stopped = false;

  constructor(private readonly options: SandboxCarrierOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.callbacks = new SignedCallbacks(options.callbackSecret, this.clock);
  }

  route(): CarrierRoute {
    return SANDBOX_ROUTE;
  }

  async lookupCapability(phone: string): Promise<PhoneCapability> {
    return sandboxCapability(phone);
  }

  /** The sandbox remembers its hand-offs (and answers a repeated one the same): a lost one is whatever it remembers. */
  async findHandOff(request: CarrierSendRequest): Promise<CarrierSendResult | null> {
    return this.accepted.get(request.messageId) ?? null;
  }

  /** From its receipt rule, for the hand-offs this process accepted; `unknown` for others (it keeps no record across restarts). */
  async lookupStatus(carrierMessageId: string): Promise<CarrierMessageStatus> {
    const verdict = this.verdicts.get(carrierMessageId);
    if (!verdict)
      return { kind: 'unknown', reason: `the sandbox has no record of ${carrierMessageId} (not accepted by this process)` };
    const at = this.clock();
    return verdict.status === 'delivered'
      ? { kind: 'delivered', providerStatus: 'delivered', at }
      : { kind: 'failed', providerStatus: 'failed', reason: verdict.reason, at };
  }

  async send(request: CarrierSendRequest): Promise<CarrierSendResult> {
    await this.wait(this.options.sendDelayMs);
    const previous = this.accepted.get(request.messageId);
    // The same message handed off again (a retry after a crash or timeout): same answer (its receipt comes with its `sent`).
    if (previous) return previous;
    const firstAttempt = !this.attempted.has(request.messageId);
    remember(this.attempted, request.messageId);
    const handOff = sandboxHandOff(request, firstAttempt);
    if (handOff.kind === 'reject') throw new CarrierRejectedError(handOff.code, handOff.message);
    if (handOff.kind === 'unavailable') throw new CarrierUnavailableError(handOff.message);

    const result: CarrierSendResult = { carrierMessageId: sandboxCarrierMessageId(request.messageId), acceptedAt: this.clock() };
    if (this.accepted.size >= MEMORY_LIMIT) this.accepted.delete(this.accepted.keys().next().value!);
    this.accepted.set(request.messageId, result);
    const verdict = sandboxReceipt(request.to, request.body);
    if (this.verdicts.size >= MEMORY_LIMIT) this.verdicts.delete(this.verdicts.keys().next().value!);
    this.verdicts.set(result.carrierMessageId, verdict);
    return result;
  }

  /**
   * The receipts' queue, found by JobsModule when this is the app's carrier (a provider of CarrierModule)
   * and started with the others; with another carrier nothing enqueues receipts.
   */
  @JobHandler(SANDBOX_RECEIPTS_QUEUE)
  receiptsQueue(): JobQueue<SandboxReceiptJob, void> {
    const poster = new SandboxReceiptPoster((callbacks) => this.post(callbacks), this.clock);
    return sandboxReceiptsQueue(poster, this.options.deliveryDelayMs);
  }

  /** The receipts of hand-offs being recorded `sent`, as jobs due after the delivery delay, in the caller's transaction. */
  async recordAccepted(manager: EntityManager, handOffs: readonly AcceptedHandOff[]): Promise<void> {
    if (handOffs.length === 0) return;
    const jobs = this.options.jobs?.();
    if (!jobs) throw new Error("the sandbox carrier needs the app's jobs (JobsModule) to keep its receipts");
    // Real time, not the injected clock: the jobs table compares run_at with the database's now().
    const runAt = new Date(Date.now() + this.options.deliveryDelayMs);
    await jobs.enqueue(
      manager,
      handOffs.map(({ request, result }) => {
        const verdict = sandboxReceipt(request.to, request.body);
        const payload: SandboxReceiptJob = { carrierMessageId: result.carrierMessageId, ...verdict };
        return { queue: SANDBOX_RECEIPTS_QUEUE, payload, runAt };
      }),
    );
  }

  readCallback(request: CallbackRequest): CarrierCallback[] {
    return this.callbacks.read(request.headers, request.rawBody);
  }

  /** The body and headers a callback of this carrier would arrive with (receipts, simulated inbound). */
  signedCallback(callbacks: CarrierCallback | readonly CarrierCallback[]): { headers: Record<string, string>; rawBody: string } {
    return this.callbacks.write(callbacks);
  }

  /**
   * `POST /v1/sandbox/inbound`: posts a signed inbound callback to the sink, as the network
   * would for a person texting in; resolves once the sink took it (its errors propagate).
   */
  async simulateInbound(input: SandboxInboundInput): Promise<{ carrierMessageId: string }> {
    const callback = sandboxInboundCallback(input, this.clock());
    const { headers, rawBody } = this.signedCallback(callback);
    await this.options.sink().submit(this.name, headers, rawBody);
    return { carrierMessageId: callback.carrierMessageId };
  }

  /** Timers still running: hand-off latencies. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timers.size > 0)
      this.logger.warn(`sandbox carrier stopping with ${this.timers.size} hand-off(s) waiting; they are requeued`);
    for (const [timer, cancel] of this.timers) {
      clearTimeout(timer);
      cancel();
    }
    this.timers.clear();
  }

  /** One signed body of receipts to the sink; its error fails the body's jobs, which are retried. */
  private async post(callbacks: readonly CarrierCallback[]): Promise<void> {
    // Signed at each attempt, so a retried receipt carries a fresh timestamp, as a carrier's would.
    const { headers, rawBody } = this.signedCallback(callbacks);
    await this.options.sink().submit(this.name, headers, rawBody);
  }

  /** The hand-off latency; shutdown ends the wait with CarrierUnavailableError (the message is requeued). */
  private wait(ms: number): Promise<void> {
    if (this.stopped) return Promise.reject(new CarrierUnavailableError('sandbox carrier is shutting down'));
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.timers.set(timer, () => reject(new CarrierUnavailableError('sandbox carrier is shutting down')));
    });
  }
}

function remember(set: Set<string>, value: string): void {
  if (set.size >= MEMORY_LIMIT) set.delete(set.values().next().value!);
  set.add(value);
}
