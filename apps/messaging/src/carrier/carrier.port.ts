/**
 * What the messaging domain needs from a carrier (a Twilio-style REST API, an iMessage
 * provider, the sandbox). The domain sees only this file; an adapter implements `Carrier` and
 * is registered in carrier-registry.ts. docs/carriers.md explains how to add one.
 */

/** Injection token of the active Carrier. */
export const CARRIER = Symbol('CARRIER');
/** Injection token of the CarrierCallbackSink (the in-process entrance of the callback route). */
export const CARRIER_CALLBACK_SINK = Symbol('CARRIER_CALLBACK_SINK');

export type CarrierChannel = 'imessage' | 'sms' | 'mms';

/** What can reach a phone number. All false: unreachable (a landline) → `no_channel`. */
export interface PhoneCapability {
  readonly imessage: boolean;
  readonly sms: boolean;
  readonly mms: boolean;
}

export interface CarrierSendRequest {
  /**
   * Our message id, the idempotency key: an adapter passes it to the provider (idempotency
   * header, client reference) so a hand-off retried after a crash or timeout is not sent twice.
   */
  readonly messageId: string;
  /** Sender number, E.164. */
  readonly from: string;
  /** Recipient, E.164. */
  readonly to: string;
  readonly channel: CarrierChannel;
  readonly body: string;
  /** https URLs. */
  readonly attachments: readonly string[];
  /** One of the spec's iMessage effects, or null; the domain passes it only for iMessage. */
  readonly effect: string | null;
}

export interface CarrierSendResult {
  /** The provider's id of the message; delivery receipts refer to it. */
  readonly carrierMessageId: string;
  /** When the provider accepted it (the message's `sent` time). */
  readonly acceptedAt: Date;
}

/** A callback after verification and normalisation: what the domain acts on. */
export type CarrierCallback =
  | {
      readonly kind: 'status';
      readonly carrierMessageId: string;
      readonly status: 'delivered' | 'failed';
      readonly reason?: string;
      readonly at: Date;
    }
  | {
      readonly kind: 'inbound';
      /** The person, E.164. */
      readonly from: string;
      /** Our sender number, E.164. */
      readonly to: string;
      readonly body: string;
      readonly carrierMessageId: string;
      readonly at: Date;
      /** How it arrived, when the provider says (iMessage providers do); stored on the inbound message. */
      readonly channel?: CarrierChannel;
    };

/** Header names as Node gives them (lower case); values as Node gives them too. */
export type CallbackHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface Carrier {
  /** The adapter's name, as in MESSAGING_CARRIER and the callback path `/v1/carrier/callbacks/{name}`. */
  readonly name: string;

  /** What reaches `phone` (E.164). Throws CarrierUnavailableError when the provider cannot say now. */
  lookupCapability(phone: string): Promise<PhoneCapability>;

  /**
   * Hands a message to the provider. Resolves once accepted (→ `sent`). Throws
   * CarrierRejectedError when it will never go (→ `failed`) and CarrierUnavailableError when it
   * may go later (→ back to the queue). Anything else thrown counts as unavailable.
   */
  send(request: CarrierSendRequest): Promise<CarrierSendResult>;

  /**
   * Verifies and normalises one HTTP callback of this provider: the raw body exactly as
   * received (signatures cover bytes, not parsed JSON). Throws CallbackRejectedError when the
   * signature, timestamp or body is not acceptable. A provider batching several events in one
   * request returns several.
   */
  readCallback(headers: CallbackHeaders, rawBody: Buffer | string): CarrierCallback[];
}

/**
 * Where callbacks enter the service in-process: the same verify-and-dispatch code as
 * `POST /v1/carrier/callbacks/{carrier}`. The sandbox hands its receipts and simulated inbound
 * messages here, signed, so nothing bypasses verification.
 */
export interface CarrierCallbackSink {
  submit(carrier: string, headers: Record<string, string>, rawBody: string): Promise<void>;
}
