import { setTimeout as sleep } from 'node:timers/promises';
import { CarrierRejectedError, CarrierUnavailableError } from '../../carrier/carrier-errors';
import { SANDBOX_DEFAULT_CALLBACK_SECRET } from '../../carrier/carrier-settings';
import { SignedCallbacks } from '../../carrier/signed-callbacks';
import {
  SENDER_PROVIDERS,
  type CallbackRequest,
  type Carrier,
  type CarrierCallback,
  type CarrierMessageStatus,
  type CarrierRoute,
  type CarrierSendRequest,
  type CarrierSendResult,
  type PhoneCapability,
  type SenderProvider,
} from '../../carrier/carrier.port';
import { sandboxCapability, sandboxCarrierMessageId, sandboxHandOff } from '../../carrier/sandbox/sandbox-rules';
import type { Clock } from '@suite/time';

export interface RecordedSend {
  readonly request: CarrierSendRequest;
  /** The clock's time when the carrier got it. */
  readonly at: Date;
  readonly outcome: 'accepted' | 'rejected' | 'unavailable';
}

/**
 * A carrier for tests and the bench: the sandbox's rules (capability by last digit, markers in
 * the body), no receipts of its own, callbacks signed like the sandbox's (so a test can post an
 * inbound text to the real callback path), and a record of every hand-off, so a test can prove what reached the
 * carrier and when (on the injected clock). One instance may serve several app replicas.
 */
export class RecordingCarrier implements Carrier {
  readonly name = 'sandbox';
  readonly callbackProviders = ['sandbox'];
  readonly senderProviders: readonly SenderProvider[] = SENDER_PROVIDERS;
  readonly defaultSenderProvider: SenderProvider = 'sandbox';
  readonly sends: RecordedSend[] = [];
  lookups = 0;
  /** Real milliseconds each send takes after the carrier got it (widens races in tests). */
  sendDelayMs = 0;
  /** Real milliseconds a capability lookup takes: a function, so a test can make hand-offs late at random. */
  lookupDelayMs: () => number = () => 0;
  /** When set, every send fails with CarrierUnavailableError (an outage). */
  unavailable = false;

  private readonly callbacks: SignedCallbacks;

  constructor(
    private readonly clock: Clock,
    callbackSecret: string = SANDBOX_DEFAULT_CALLBACK_SECRET,
  ) {
    this.callbacks = new SignedCallbacks(callbackSecret, () => clock.now());
  }

  route(): CarrierRoute {
    return { provider: 'sandbox', senderProvider: null };
  }

  /** A lost hand-off is found when this carrier accepted the message. */
  async findHandOff(request: CarrierSendRequest): Promise<CarrierSendResult | null> {
    const accepted = this.acceptedOf(request.messageId)[0];
    return accepted ? { carrierMessageId: sandboxCarrierMessageId(request.messageId), acceptedAt: accepted.at } : null;
  }

  async lookupStatus(carrierMessageId: string): Promise<CarrierMessageStatus> {
    return { kind: 'unknown', reason: `the recording carrier keeps no status (${carrierMessageId})` };
  }

  async lookupCapability(phone: string): Promise<PhoneCapability> {
    this.lookups++;
    const delay = this.lookupDelayMs();
    if (delay > 0) await sleep(delay);
    return sandboxCapability(phone);
  }

  async send(request: CarrierSendRequest): Promise<CarrierSendResult> {
    // Arrival is what pacing is about: the time is taken before the carrier's own processing.
    const at = this.clock.now();
    if (this.sendDelayMs > 0) await sleep(this.sendDelayMs);
    const firstAttempt = !this.sends.some((send) => send.request.messageId === request.messageId);
    const handOff = this.unavailable
      ? { kind: 'unavailable' as const, message: 'outage' }
      : sandboxHandOff(request, firstAttempt);
    this.sends.push({
      request,
      at,
      outcome: handOff.kind === 'accept' ? 'accepted' : handOff.kind === 'reject' ? 'rejected' : 'unavailable',
    });
    if (handOff.kind === 'reject') throw new CarrierRejectedError(handOff.code, handOff.message);
    if (handOff.kind === 'unavailable') throw new CarrierUnavailableError(handOff.message);
    return { carrierMessageId: sandboxCarrierMessageId(request.messageId), acceptedAt: at };
  }

  readCallback(request: CallbackRequest): CarrierCallback[] {
    return this.callbacks.read(request.headers, request.rawBody);
  }

  /** A signed callback as the carrier would post it (an inbound text, say), for the callback route. */
  signedCallback(callback: CarrierCallback): { headers: Record<string, string>; rawBody: string } {
    return this.callbacks.write(callback);
  }

  /** Accepted hand-offs of one message. */
  acceptedOf(messageId: string): RecordedSend[] {
    return this.sends.filter((send) => send.request.messageId === messageId && send.outcome === 'accepted');
  }
}
