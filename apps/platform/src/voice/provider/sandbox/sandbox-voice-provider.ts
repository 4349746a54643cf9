import { createHash } from 'node:crypto';
import type { Clock } from '@suite/time';
import { NumberUnavailableError } from '../voice-errors';
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
import { sandboxOfferOf, sandboxOffers, sandboxSells } from './sandbox-inventory';
import { sandboxReputation } from './sandbox-reputation';

/**
 * The calling half of the sandbox: places simulated calls and reads the signed callbacks they
 * produce (calls/sandbox). Kept behind this interface so the provider stays free of the jobs
 * and HTTP plumbing the simulation needs.
 */
export interface SandboxCallChannel {
  place(request: PlaceCallRequest, callId: string): Promise<void>;
  read(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[];
}

/**
 * The built-in voice provider (docs/voice.md, "Sandbox"): a deterministic inventory, purchases
 * that succeed except for the documented "sold since" numbers, reputation answers by the number's
 * last digit, and calls whose course is scripted by the called number's last digit.
 */
export class SandboxVoiceProvider implements VoiceProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly clock: Clock,
    private readonly calls: () => SandboxCallChannel,
  ) {}

  async searchNumbers(search: NumberSearch): Promise<AvailableNumberOffer[]> {
    return sandboxOffers(search);
  }

  async purchaseNumber(phoneNumber: string, idempotencyKey: string): Promise<PurchasedNumber> {
    const offer = sandboxOfferOf(phoneNumber);
    if (!offer || sandboxSells(phoneNumber) !== 'available') throw new NumberUnavailableError(phoneNumber);
    const renews = new Date(this.clock.now());
    renews.setUTCMonth(renews.getUTCMonth() + 1);
    return {
      ...offer,
      providerNumberId: `sbx_pn_${digest(`${phoneNumber}:${idempotencyKey}`)}`,
      renewsOn: renews.toISOString().slice(0, 10),
    };
  }

  async releaseNumber(): Promise<void> {
    // The sandbox keeps no inventory state: a released number is simply listed again.
  }

  /** Nothing to copy anywhere: a deterministic id, the same for the same agent. */
  async mirrorAgent(agent: AgentMirrorRequest): Promise<AgentMirror> {
    return { providerAgentId: `sbx_agent_${digest(`${agent.companyId}:${agent.agentId}`)}`, providerLlmId: null };
  }

  async placeCall(request: PlaceCallRequest): Promise<PlacedCall> {
    const callId = sandboxCallIdOf(request.idempotencyKey);
    await this.calls().place(request, callId);
    return { callId };
  }

  /**
   * The sandbox's placeCall is idempotent by key (the call id derives from it, and placing a known
   * id enqueues nothing), so placing again IS the lookup: a lost answer is never a second call.
   */
  async findCall(_request: PlaceCallRequest): Promise<PlacedCall | null> {
    return null;
  }

  readCallback(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[] {
    return this.calls().read(headers, rawBody);
  }

  async checkReputation(phoneNumber: string): Promise<CarrierReputation[]> {
    return sandboxReputation(phoneNumber, this.clock.now());
  }
}

/** The call id the sandbox gives the attempt with this key. */
export const sandboxCallIdOf = (idempotencyKey: string): string => `sbx_call_${digest(idempotencyKey)}`;

/** 24 hex digits: stable ids from the inputs (an idempotency key gives the same call id twice). */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 24);
}
