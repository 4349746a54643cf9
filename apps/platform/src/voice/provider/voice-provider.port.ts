import type { CallDirection, CallSentiment, HangupReason } from '@suite/contracts';

/** The kinds of number the provider sells; the port's word, which phone-numbers stores (decision 0059). */
export const PHONE_NUMBER_TYPES = ['local', 'mobile', 'tollfree'] as const;
export type PhoneNumberType = (typeof PHONE_NUMBER_TYPES)[number];

/**
 * The voice provider as the platform's domain sees it (docs/voice.md): a Twilio-style API that
 * sells numbers, places calls, reports their lifecycle through signed callbacks and answers what
 * carriers think of a number. Adapters live in `apps/platform/src/voice/provider/<name>/`; the built-in
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
  releaseNumber(providerNumberId: string, phoneNumber: string): Promise<void>;

  /**
   * Creates or updates the provider's copy of one of our agents (its prompt, voice, and where its
   * calls' callbacks go): `agent.mirror` is what the last call answered (null the first time).
   * Throws VoiceProviderUnavailableError (try again later) or AgentMirrorRejectedError (the
   * provider refuses the agent as it is: an unknown voice, say).
   */
  mirrorAgent(agent: AgentMirrorRequest): Promise<AgentMirror>;

  /**
   * Starts an outbound call. `idempotencyKey` identifies the attempt (a campaign contact). A
   * provider with an idempotency key of its own is given it; one without (Retell) carries it in the
   * call's metadata, and the caller asks `findCall` before placing an attempt whose answer was lost.
   * The call's life then arrives as callbacks. Throws CallRejectedError (never callable: invalid
   * number), VoiceProviderUnavailableError (try again later: nothing was placed) or
   * CallOutcomeUnknownError (the request may have placed a call: look it up before trying again).
   */
  placeCall(request: PlaceCallRequest): Promise<PlacedCall>;

  /**
   * The call an earlier placeCall of this request (its idempotency key) placed, if the provider
   * has one: how an attempt whose answer was lost (a timeout, a crash before it was recorded) is
   * settled before it is placed again. Null when none was placed. Throws VoiceProviderUnavailableError.
   */
  findCall(request: PlaceCallRequest): Promise<PlacedCall | null>;

  /** Verifies one callback request over its raw bytes and translates it; throws VoiceCallbackRejectedError. */
  readCallback(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[];

  /**
   * What each carrier (or the one aggregate source) the provider asks thinks of the number now.
   * Throws VoiceProviderUnavailableError (pending: ask again soon) or ReputationUnavailableError
   * (no source configured or allowed: the number stays In Progress with the reason).
   */
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
  /** The provider's copy of the agent (mirrorAgent), null while none exists yet. */
  providerAgentId: string | null;
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

/**
 * One step of a call's life, normalised. `ended` carries the outcome; `analyzed` the post-call
 * analysis some providers send after the end (Retell's `call_analyzed`), announced by
 * `analysisFollows` on the `ended`.
 */
export type VoiceCallback =
  | ({ kind: 'started'; direction: CallDirection; from: string; to: string } & CallStep)
  | ({ kind: 'answered' } & CallStep)
  | ({ kind: 'transferred'; transferredTo: string | null } & CallStep)
  | ({ kind: 'ended'; analysisFollows?: boolean } & CallStep & CallOutcome & EndedCallFacts)
  | ({ kind: 'analyzed' } & CallStep & CallAnalysis);

/** What a post-call analysis says; null fields say nothing (the record keeps what it has). */
export interface CallAnalysis {
  callSuccessful: boolean | null;
  sentiment: CallSentiment | null;
  summary: string | null;
  disposition: string | null;
  /** Merged into the call's custom fields. */
  customFields: Record<string, unknown>;
}

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

/** One of our agents as the provider's copy of it should be. */
export interface AgentMirrorRequest {
  companyId: string;
  agentId: string;
  name: string;
  voice: string | null;
  prompt: string | null;
  /** The provider's ids from the last mirroring, null the first time (then it is created). */
  mirror: AgentMirror | null;
}

/** The provider's ids of an agent's copy. */
export interface AgentMirror {
  providerAgentId: string;
  /** The provider's separate prompt holder (Retell's LLM), when it has one. */
  providerLlmId: string | null;
}

export interface CarrierReputation {
  carrier: string;
  flagged: boolean;
  label: string | null;
  checkedAt: Date;
}
