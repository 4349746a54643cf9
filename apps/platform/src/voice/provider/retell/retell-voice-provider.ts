import type { Clock } from '@suite/time';
import type { TelnyxReputationClient } from '../telnyx/telnyx-reputation-client';
import { areaCodeOf, type TwilioNumbersClient } from '../twilio/twilio-numbers-client';
import { CallRejectedError, ReputationUnavailableError, VoiceProviderUnavailableError } from '../voice-errors';
import type {
  AgentMirror,
  AgentMirrorRequest,
  AvailableNumberOffer,
  CarrierReputation,
  NumberSearch,
  PlaceCallRequest,
  PlacedCall,
  PurchasedNumber,
  VoiceCallback,
  VoiceCallbackHeaders,
  VoiceProvider,
} from '../voice-provider.port';
import { callMetadataOf } from './retell-call-metadata';
import { readRetellCallbacks } from './retell-callback-codec';
import type { RetellClient } from './retell-client';
import { verifyRetellSignature } from './retell-signature';

/** The voice an agent without one speaks with at Retell (one of Retell's built-in voices). */
export const RETELL_DEFAULT_VOICE_ID = '11labs-Adrian';
/** An agent whose mirror is not there yet waits this long before its call is asked again. */
const AGENT_NOT_MIRRORED_RETRY_MS = 10_000;

/**
 * PLATFORM_VOICE_PROVIDER=retell (docs/voice.md, "Going live"): Retell holds the agents and places
 * the calls, Twilio sells the numbers (bought onto the account's Elastic SIP trunk and imported into
 * Retell with the trunk's termination URI), Telnyx answers reputation when TELNYX_API_KEY is set.
 * Callbacks are Retell's webhooks, signed with the API key (`x-retell-signature`).
 */
export class RetellVoiceProvider implements VoiceProvider {
  readonly name = 'retell';

  constructor(
    private readonly retell: RetellClient,
    private readonly numbers: TwilioNumbersClient,
    private readonly reputation: TelnyxReputationClient | null,
    private readonly apiKey: string,
    private readonly clock: Clock,
  ) {}

  searchNumbers(search: NumberSearch): Promise<AvailableNumberOffer[]> {
    return this.numbers.search(search);
  }

  /**
   * Twilio has no idempotency key for a purchase: the number is first looked up in our account —
   * an earlier attempt with this token whose answer was lost already bought it — and bought only
   * when it is not there. Then it is imported into Retell (an import already made is accepted).
   * `idempotencyKey` (the token's nonce) is therefore not sent: the lookup is what buys once.
   */
  async purchaseNumber(phoneNumber: string, _idempotencyKey: string): Promise<PurchasedNumber> {
    const owned = (await this.numbers.owned(phoneNumber)) ?? (await this.numbers.purchase(phoneNumber));
    await this.retell.importNumber(phoneNumber, owned.friendlyName.slice(0, 64));
    const renews = new Date(owned.createdAt ?? this.clock.now());
    renews.setUTCMonth(renews.getUTCMonth() + 1);
    return {
      phoneNumber,
      friendlyName: owned.friendlyName,
      locality: null,
      areaCode: areaCodeOf(phoneNumber),
      capabilities: owned.capabilities.length > 0 ? owned.capabilities : ['Voice'],
      providerNumberId: owned.sid,
      renewsOn: renews.toISOString().slice(0, 10),
    };
  }

  /** Out of Retell first (no call can start on it any more), then back to Twilio. */
  async releaseNumber(providerNumberId: string, phoneNumber: string): Promise<void> {
    await this.retell.deleteNumber(phoneNumber);
    await this.numbers.release(providerNumberId);
  }

  /** A Retell LLM holds the prompt, a Retell agent the voice, the name and our webhook URL. */
  async mirrorAgent(agent: AgentMirrorRequest): Promise<AgentMirror> {
    const fields = { name: agent.name, voiceId: agent.voice ?? RETELL_DEFAULT_VOICE_ID, prompt: agent.prompt ?? '' };
    const existing = agent.mirror;
    if (existing?.providerLlmId) {
      await this.retell.updateLlm(existing.providerLlmId, fields.prompt);
      await this.retell.updateAgent(existing.providerAgentId, existing.providerLlmId, fields);
      return existing;
    }
    const llmId = await this.retell.createLlm(fields.prompt);
    return { providerAgentId: await this.retell.createAgent(llmId, fields), providerLlmId: llmId };
  }

  /** `POST /v2/create-phone-call` with our agent's Retell copy and the attempt in the metadata. */
  async placeCall(request: PlaceCallRequest): Promise<PlacedCall> {
    if (request.agentId === null) {
      throw new CallRejectedError('no_agent', 'retell places calls through an agent: give the campaign an agent');
    }
    if (request.providerAgentId === null) {
      throw new VoiceProviderUnavailableError('retell: the agent is not mirrored at Retell yet', AGENT_NOT_MIRRORED_RETRY_MS);
    }
    const callId = await this.retell.createPhoneCall({
      from: request.from,
      to: request.to,
      agentId: request.providerAgentId,
      metadata: callMetadataOf(request.idempotencyKey, request.context),
    });
    return { callId };
  }

  /** `POST /v2/list-calls` by the attempt key in the metadata (and the number called, to narrow it). */
  async findCall(request: PlaceCallRequest): Promise<PlacedCall | null> {
    const callId = await this.retell.findCall(request.idempotencyKey, request.to);
    return callId === null ? null : { callId };
  }

  readCallback(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[] {
    const now = this.clock.now();
    verifyRetellSignature(this.apiKey, headers, rawBody, now);
    return readRetellCallbacks(rawBody, now);
  }

  async checkReputation(phoneNumber: string): Promise<CarrierReputation[]> {
    if (!this.reputation) {
      throw new ReputationUnavailableError('not_configured', 'No reputation source is configured (TELNYX_API_KEY is not set).');
    }
    return this.reputation.check(phoneNumber, this.clock.now());
  }
}
