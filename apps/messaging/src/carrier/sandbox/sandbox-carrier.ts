import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CarrierRejectedError, CarrierUnavailableError } from '../carrier-errors';
import { MAX_CALLBACKS_PER_BODY } from '../callback-codec';
import { SignedCallbacks } from '../signed-callbacks';
import {
  SENDER_PROVIDERS,
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
  readonly clock?: () => Date;
  /** Waits before re-submitting a receipt the sink refused (as a carrier retries a failed webhook). */
  readonly receiptRetryDelaysMs?: readonly number[];
}

interface PendingReceipt {
  /** Date.now() from which it may be posted. */
  readonly dueAt: number;
  readonly receipt: Omit<Extract<CarrierCallback, { kind: 'status' }>, 'kind' | 'at'>;
}

/** Remembered hand-offs (idempotency) and first attempts; old entries go first beyond this. */
const MEMORY_LIMIT = 10_000;
const DEFAULT_RECEIPT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000];

/**
 * A carrier that sends nothing and behaves predictably (sandbox-rules.ts). It accepts or refuses
 * hand-offs at once (after the configured latency), then, after the delivery delay, posts a
 * SIGNED receipt to the callback sink — the same verification path a real carrier's webhook
 * takes. Pending receipts live in timers only: a restart loses them (the message stays `sent`),
 * where a real carrier would retry its webhook. Timers are unref'd and cleared on shutdown.
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
  /** Receipts waiting for their delivery delay, in due order; one timer runs for the first (receiptTimerSet). */
  private readonly pendingReceipts: PendingReceipt[] = [];
  private receiptTimerSet = false;
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
    // The same message handed off again (a retry after a crash or timeout): same answer, no second receipt.
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
    this.receiptDue({ carrierMessageId: result.carrierMessageId, ...verdict });
    return result;
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

  /** Timers still running: hand-off latencies, receipts not submitted yet, retries. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timers.size > 0)
      this.logger.warn(`sandbox carrier stopping with ${this.timers.size} pending timer(s); their receipts are lost`);
    for (const [timer, cancel] of this.timers) {
      clearTimeout(timer);
      cancel();
    }
    this.timers.clear();
    this.pendingReceipts.length = 0;
  }

  /**
   * Queues a receipt for `deliveryDelayMs` from now. Receipts due together are posted together:
   * one timer for the earliest pending one, and when it fires every receipt due by then goes in
   * one signed body (up to MAX_CALLBACKS_PER_BODY), as a provider batching its webhooks would — one
   * callback request and one transaction for a hand-off batch's receipts instead of one each.
   */
  private receiptDue(receipt: PendingReceipt['receipt']): void {
    this.pendingReceipts.push({ dueAt: Date.now() + this.options.deliveryDelayMs, receipt });
    if (!this.receiptTimerSet) this.scheduleReceipts();
  }

  private scheduleReceipts(): void {
    const next = this.pendingReceipts[0];
    this.receiptTimerSet = next !== undefined && !this.stopped;
    if (!next || this.stopped) return;
    this.later(Math.max(0, next.dueAt - Date.now()), async () => {
      const now = Date.now();
      // Due in order (one delay for all): the due ones are a prefix.
      let due = 0;
      while (due < this.pendingReceipts.length && due < MAX_CALLBACKS_PER_BODY && this.pendingReceipts[due]!.dueAt <= now) due++;
      const at = this.clock();
      const callbacks = this.pendingReceipts
        .splice(0, due)
        .map(({ receipt }): CarrierCallback => ({ kind: 'status', ...receipt, at }));
      this.scheduleReceipts();
      if (callbacks.length > 0) await this.submit(callbacks, 0);
    });
  }

  private async submit(callbacks: readonly CarrierCallback[], attempt: number): Promise<void> {
    // Signed at each attempt, so a retried receipt carries a fresh timestamp, as a carrier's would.
    const { headers, rawBody } = this.signedCallback(callbacks);
    const what =
      callbacks.length === 1
        ? `${callbacks[0]!.kind} callback ${callbacks[0]!.carrierMessageId}`
        : `${callbacks.length} callbacks (${callbacks[0]!.carrierMessageId}…)`;
    try {
      await this.options.sink().submit(this.name, headers, rawBody);
    } catch (error) {
      const retryDelays = this.options.receiptRetryDelaysMs ?? DEFAULT_RECEIPT_RETRY_DELAYS_MS;
      const delay = retryDelays[attempt];
      const cause = error instanceof Error ? error.message : String(error);
      if (delay === undefined || this.stopped) {
        this.logger.error(`sandbox ${what} dropped after ${attempt + 1} attempt(s): ${cause}`);
        return;
      }
      // The whole body again, as a provider retries a webhook: what the first attempt applied is a duplicate now.
      this.logger.warn(`sandbox ${what} refused (${cause}); retrying in ${delay} ms`);
      this.later(delay, () => this.submit(callbacks, attempt + 1));
    }
  }

  /** Runs `task` after `ms` on an unref'd timer that shutdown clears. */
  private later(ms: number, task: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, ms);
    timer.unref();
    this.timers.set(timer, () => undefined);
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
