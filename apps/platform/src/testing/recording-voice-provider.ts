import { createHash } from 'node:crypto';
import { unanalysedCall, type CallData, type CallStatus } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import type { PlatformTestApp } from './platform-test-app';
import {
  CallRejectedError,
  type AgentMirror,
  type AgentMirrorRequest,
  type PlaceCallRequest,
  type PlacedCall,
  type VoiceProvider,
} from '../voice';

/**
 * A voice provider for integration specs of the dialer (campaigns): records every placeCall, answers one call
 * id per idempotency key as a provider must, refuses the numbers in `rejects`, and ends each new
 * call after `callMs` by publishing `call.ended` through the platform's outbox (real Kafka, the
 * campaign's own handler) — what the calls feature does when the provider's last callback arrives.
 * The end is retried until it commits, so a call in flight across an app restart still ends.
 */
export class RecordingVoiceProvider implements VoiceProvider {
  readonly name = 'recording';
  /** Every request, retries included. */
  readonly requests: PlaceCallRequest[] = [];
  /** Keys whose call was placed (once each), and those whose call has ended. */
  readonly placed = new Map<string, PlaceCallRequest>();
  readonly ended = new Set<string>();
  /** Requests for a key whose call had already ended: a second call to that contact. */
  readonly afterEnd: string[] = [];
  readonly rejects = new Set<string>();
  /** Numbers whose calls never report their end (a lost callback). */
  readonly silent = new Set<string>();
  callMs = 100;
  platform?: PlatformTestApp;

  async placeCall(request: PlaceCallRequest): Promise<PlacedCall> {
    this.requests.push(request);
    if (this.rejects.has(request.to)) throw new CallRejectedError('invalid_number', `${request.to} cannot be called`);
    const callId = callIdOf(request.idempotencyKey);
    if (this.ended.has(request.idempotencyKey)) this.afterEnd.push(request.idempotencyKey);
    if (!this.placed.has(request.idempotencyKey)) {
      this.placed.set(request.idempotencyKey, request);
      if (!this.silent.has(request.to)) setTimeout(() => void this.end(request, callId), this.callMs);
    }
    return { callId };
  }

  /** The call placed with this key, as a provider's lookup by metadata finds it. */
  async findCall(request: PlaceCallRequest): Promise<PlacedCall | null> {
    return this.placed.has(request.idempotencyKey) ? { callId: callIdOf(request.idempotencyKey) } : null;
  }

  async mirrorAgent(agent: AgentMirrorRequest): Promise<AgentMirror> {
    return { providerAgentId: `rec_agent_${agent.agentId}`, providerLlmId: null };
  }

  /** Placements per contact id (the campaign's idempotency key names it). */
  placementsPerContact(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.placed.values()) {
      counts.set(request.context.contactId!, (counts.get(request.context.contactId!) ?? 0) + 1);
    }
    return counts;
  }

  private async end(request: PlaceCallRequest, callId: string): Promise<void> {
    for (let attempt = 0; attempt < 300; attempt++) {
      try {
        const platform = this.platform!;
        await platform.db.transaction((manager) =>
          platform.app
            .get(Outbox)
            .append(
              manager,
              newEvent('call.ended', { companyId: request.context.companyId, subject: callId, data: endedCall(request, callId) }),
            ),
        );
        this.ended.add(request.idempotencyKey);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200)); // the app is restarting
      }
    }
  }

  async searchNumbers(): Promise<never> {
    throw new Error('not used by campaigns');
  }
  async purchaseNumber(): Promise<never> {
    throw new Error('not used by campaigns');
  }
  async releaseNumber(): Promise<void> {}
  readCallback(): never {
    throw new Error('not used by campaigns');
  }
  async checkReputation(): Promise<never> {
    throw new Error('not used by campaigns');
  }
}

const callIdOf = (key: string): string => `rec_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** The sandbox's rule by the called number's last digit: 8 nobody answers, 9 fails, the rest are conversations. */
function endedCall(request: PlaceCallRequest, callId: string): CallData {
  const digit = request.to.slice(-1);
  const status: CallStatus = digit === '8' ? 'no_answer' : digit === '9' ? 'failed' : 'completed';
  const now = new Date().toISOString();
  return {
    call_id: callId,
    company_id: request.context.companyId,
    agent_id: request.agentId,
    caller_number: request.from,
    called_number: request.to,
    call_duration: status === 'completed' ? 42 : 0,
    call_status: status,
    call_direction: 'outbound',
    ...unanalysedCall(),
    call_successful: status === 'completed',
    hangup_reason: status === 'completed' ? 'user_hangup' : status === 'no_answer' ? 'dial_no_answer' : 'error',
    contact_id: request.context.contactId,
    campaign_id: request.context.campaignId,
    started_at: now,
    answered_at: status === 'completed' ? now : null,
    ended_at: now,
  };
}
