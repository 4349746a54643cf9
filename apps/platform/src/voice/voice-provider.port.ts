import type { CallDirection, CallSentiment, HangupReason } from '@suite/contracts';
import type { PhoneNumberType } from '../phone-numbers/phone-number.entity';

/**
 * The voice provider as the platform's domain sees it (docs/voice.md): a Twilio-style API that
 * sells numbers, places calls, reports their lifecycle through signed callbacks and answers what
 * carriers think of a number. Adapters live in `apps/platform/src/voice/<name>/`; the built-in
 * `sandbox` simulates one deterministically. The domain never imports an adapter.
 */
export interface VoiceProvider {
  /** `sandbox`, `twilio`, …: the `{provider}` of the callback path and the value of PLATFORM_VOICE_PROVIDER. */
  readonly name: string;

  /** Numbers for sale matching the search; `[]` when none. Throws VoiceProviderUnavailableError. */
  searchNumbers(search: NumberSearch): Promise<AvailableNumberOffer[]>;

  /**
   * Buys one number. `idempotencyKey` is the purchase token's nonce: a retried purchase must not
   * buy twice. Throws NumberUnavailableError when the number was sold since the search.
   */
  purchaseNumber(phoneNumber: string, idempotencyKey: string): Promise<PurchasedNumber>;

  /** Gives a number back to the provider. Releasing a number already released resolves. */
  releaseNumber(providerNumberId: string): Promise<void>;

  /**
   * Starts an outbound call. `idempotencyKey` identifies the attempt (a campaign contact): asked
   * twice, the provider places one call and answers the same id. The call's life then arrives as
   * callbacks. Throws CallRejectedError (never callable: invalid number) or
   * VoiceProviderUnavailableError (try again later).
   */
  placeCall(request: PlaceCallRequest): Promise<PlacedCall>;

  /** Verifies one callback request over its raw bytes and translates it; throws VoiceCallbackRejectedError. */
  readCallback(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[];

  /** What each carrier the provider asks thinks of the number now. */
  checkReputation(phoneNumber: string): Promise<CarrierReputation[]>;
}

export const VOICE_PROVIDER = Symbol('VOICE_PROVIDER');

export const NUMBER_SEARCH_BY = ['AreaCode', 'Region', 'City'] as const;
export type NumberSearchBy = (typeof NUMBER_SEARCH_BY)[number];

export interface NumberSearch {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  type: PhoneNumberType;
  searchBy: NumberSearchBy;
  /** The area code, region or city searched for; null lists what the country has. */
  value: string | null;
  /** At most this many offers. */
  limit: number;
}

export interface AvailableNumberOffer {
  /** E.164. */
  phoneNumber: string;
  friendlyName: string;
  locality: string | null;
  /** National area code, '' when the plan has none. */
  areaCode: string;
  /** `Voice`, `SMS`, `MMS`. */
  capabilities: string[];
}

export interface PurchasedNumber extends AvailableNumberOffer {
  providerNumberId: string;
  /** When the number's monthly subscription renews next. */
  renewsOn: string;
}

export interface PlaceCallRequest {
  /** E.164, a number of the company. */
  from: string;
  to: string;
  agentId: string | null;
  idempotencyKey: string;
  /** What the platform wants back on every callback of this call (company, contact, campaign). */
  context: CallContext;
}

/** Echoed by the provider on every callback of the call (providers carry it as metadata). */
export interface CallContext {
  companyId: string;
  contactId: string | null;
  campaignId: string | null;
  agentId: string | null;
}

export interface PlacedCall {
  callId: string;
}

export type VoiceCallbackHeaders = Record<string, string | string[] | undefined>;

/** One step of a call's life, normalised. `ended` carries the outcome. */
export type VoiceCallback =
  | ({ kind: 'started'; direction: CallDirection; from: string; to: string } & CallStep)
  | ({ kind: 'answered' } & CallStep)
  | ({ kind: 'transferred'; transferredTo: string | null } & CallStep)
  | ({ kind: 'ended' } & CallStep & CallOutcome & EndedCallFacts);

/**
 * What an `ended` callback may repeat of the earlier steps (providers send the numbers on every
 * callback): a call whose `ended` arrives first is recorded started (and answered) from these.
 */
export interface EndedCallFacts {
  direction?: CallDirection;
  from?: string;
  to?: string;
  startedAt?: Date;
  answeredAt?: Date;
}

export interface CallStep {
  callId: string;
  at: Date;
  context: CallContext;
}

export interface CallOutcome {
  durationSeconds: number;
  hangupReason: HangupReason | null;
  callSuccessful: boolean | null;
  sentiment: CallSentiment | null;
  disposition: string | null;
  transcription: string | null;
  recordingUrl: string | null;
  tags: string[];
  customFields: Record<string, unknown>;
}

export interface CarrierReputation {
  carrier: string;
  flagged: boolean;
  label: string | null;
  checkedAt: Date;
}
