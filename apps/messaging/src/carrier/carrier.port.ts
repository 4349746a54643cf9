import type { EntityManager } from 'typeorm';

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

/**
 * The kind of a sender number: which provider it belongs to (a Twilio number, a Sendblue iMessage
 * line) or `sandbox` (a made-up number the sandbox simulates). Stored on each pool number.
 */
export const SENDER_PROVIDERS = ['sandbox', 'twilio', 'sendblue'] as const;
export type SenderProvider = (typeof SENDER_PROVIDERS)[number];

/** How a channel leaves: which provider carries it (recorded on the message) and from which kind of number. */
export interface CarrierRoute {
  /** The provider that carries it: 'sandbox', 'twilio', 'sendblue'. Recorded on each hand-off attempt. */
  readonly provider: string;
  /** The kind of sender number it must leave from; null: any number of the pool (the sandbox simulates them all). */
  readonly senderProvider: SenderProvider | null;
}

/** What can reach a phone number. All false: unreachable (a landline) → `no_channel`. */
export interface PhoneCapability {
  readonly imessage: boolean;
  readonly sms: boolean;
  readonly mms: boolean;
}

export interface CarrierSendRequest {
  /**
   * Our message id. A provider with an idempotency key gets it there; Twilio and Sendblue have
   * none, so their adapters put it in the status callback URL's query, and a hand-off whose
   * answer was lost is looked up (`findHandOff`) before any second attempt (decision 0038).
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

/** A hand-off the provider accepted and the domain is recording as `sent` (Carrier.recordAccepted). */
export interface AcceptedHandOff {
  readonly request: CarrierSendRequest;
  readonly result: CarrierSendResult;
}

/**
 * What the provider says of one message it accepted (`lookupStatus`): still on its way, a final
 * verdict, or nothing it can tell (it has no such message, or keeps no status for it).
 */
export type CarrierMessageStatus =
  | { readonly kind: 'pending'; readonly providerStatus: string }
  | { readonly kind: 'delivered'; readonly providerStatus: string; readonly at: Date }
  | { readonly kind: 'failed'; readonly providerStatus: string; readonly reason: string; readonly at: Date }
  | { readonly kind: 'unknown'; readonly reason: string };

/** A callback after verification and normalisation: what the domain acts on. */
export type CarrierCallback =
  | {
      readonly kind: 'status';
      readonly carrierMessageId: string;
      readonly status: 'delivered' | 'failed';
      readonly reason?: string;
      readonly at: Date;
      /**
       * An iMessage provider's word that the message did not go as iMessage: on a `failed` receipt
       * (Sendblue's ERROR) the domain resends it once by SMS when another provider carries text
       * (sendblue+twilio); on a `delivered` one (Sendblue carried it as SMS itself) it is noted.
       */
      readonly downgraded?: boolean;
      /**
       * Our message id as the provider echoed it in the status callback URL (`?message_id=`),
       * when it did: lets a receipt that overtakes the commit of its hand-off wait for it.
       * Untrusted text; the domain uses it only if it is a uuid.
       */
      readonly messageId?: string;
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
      /** Media the person sent (the provider's URLs), stored as the inbound message's attachments. */
      readonly attachments?: readonly string[];
    };

/** Header names as Node gives them (lower case); values as Node gives them too. */
export type CallbackHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One HTTP callback as it reached `POST /v1/carrier/callbacks/{provider}` (or the in-process sink). */
export interface CallbackRequest {
  /** `{provider}` of the path: who posted it (a composite carrier takes the callbacks of each of its providers). */
  readonly provider: string;
  readonly headers: CallbackHeaders;
  /** The body exactly as received: signatures cover bytes, not parsed values. */
  readonly rawBody: Buffer | string;
  /**
   * The public URL the provider posted to — MESSAGING_PUBLIC_URL + the path and query as received —
   * which Twilio signs; null for an in-process submission (the sandbox's).
   */
  readonly url: string | null;
  /** The query of that URL: Sendblue's per-installation token, our message id in a status callback URL. */
  readonly query: URLSearchParams;
}

export interface Carrier {
  /** The adapter's name, as in MESSAGING_CARRIER. */
  readonly name: string;

  /** The `{provider}` values of `/v1/carrier/callbacks/{provider}` this carrier reads (others are 404). */
  readonly callbackProviders: readonly string[];

  /** The kinds of sender numbers it sends from: what a pool may hold (a number of another kind is refused). */
  readonly senderProviders: readonly SenderProvider[];

  /** The kind a pool number gets when the operator names none; null: one must be named (a composite has two). */
  readonly defaultSenderProvider: SenderProvider | null;

  /** Which provider carries `channel`, from which kind of number. */
  route(channel: CarrierChannel): CarrierRoute;

  /** What reaches `phone` (E.164). Throws CarrierUnavailableError when the provider cannot say now. */
  lookupCapability(phone: string): Promise<PhoneCapability>;

  /**
   * Hands a message to the provider. Resolves once accepted (→ `sent`). Throws
   * CarrierRejectedError when it will never go (→ `failed`) and CarrierUnavailableError when it
   * may go later (→ back to the queue). Anything else thrown counts as unavailable.
   */
  send(request: CarrierSendRequest): Promise<CarrierSendResult>;

  /**
   * The provider's record of a hand-off whose answer never came (a lost answer, a crash between
   * send and settle: docs/decisions/0038): its result when the provider has the message, null
   * when it positively does not (then, and only then, the domain sends again). `route` is the
   * provider that was asked, `since` when the request left; `taken` holds the provider ids our
   * other messages already carry, which are never this one (a provider that can only match by
   * content would otherwise adopt another message's). Throws CarrierUnavailableError when the
   * provider cannot say now (the domain asks again later; it never sends blindly).
   */
  findHandOff(
    request: CarrierSendRequest,
    route: CarrierRoute,
    since: Date,
    taken?: ReadonlySet<string>,
  ): Promise<CarrierSendResult | null>;

  /**
   * The provider's current status of one message it accepted (`carrierMessageId`, carried by
   * `provider`): for a `sent` message whose receipt never came. Throws CarrierUnavailableError
   * when the provider cannot answer now.
   */
  lookupStatus(carrierMessageId: string, provider: string): Promise<CarrierMessageStatus>;

  /**
   * Optional: state of the carrier's own that must exist if and only if its hand-offs are recorded
   * `sent`, written in the transaction that records them (the sandbox enqueues its delivery
   * receipts as jobs here, so a restart cannot lose them: decision 0049). Real providers keep their
   * state at the provider and do not implement it. Called by the scheduler's hand-off and the SMS
   * resend, for every hand-off that turned a message `sent` (a found lost hand-off included).
   */
  recordAccepted?(manager: EntityManager, handOffs: readonly AcceptedHandOff[]): Promise<void>;

  /**
   * Verifies and normalises one HTTP callback of this provider: the raw body exactly as
   * received (signatures cover bytes, not parsed JSON), with the URL it was posted to. Throws
   * CallbackRejectedError when the signature, token, timestamp or body is not acceptable. A
   * provider batching several events in one request returns several.
   */
  readCallback(request: CallbackRequest): CarrierCallback[];
}

/**
 * Where callbacks enter the service in-process: the same verify-and-dispatch code as
 * `POST /v1/carrier/callbacks/{carrier}`. The sandbox hands its receipts and simulated inbound
 * messages here, signed, so nothing bypasses verification.
 */
export interface CarrierCallbackSink {
  submit(carrier: string, headers: Record<string, string>, rawBody: string): Promise<void>;
}
