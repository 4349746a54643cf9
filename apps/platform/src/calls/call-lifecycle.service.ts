import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { EventType } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { CompanyScopedRepository, crossCompanyRepository, unscopedRepository } from '@suite/runtime';
import { AgentEntity } from '../agents/agent.entity';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { CompanyEntity } from '../companies/company.entity';
import { ContactEntity } from '../contacts/contact.entity';
import type { VoiceCallbackResult } from '../voice/voice-callback-sink';
import type { CallContext, VoiceCallback } from '../voice/voice-provider.port';
import { CallDispositionMoves } from './call-disposition-moves';
import { callDataOf } from './call-data';
import { CallEntity } from './call.entity';
import { callBirthOf, endedStatusOf, planCallSteps, type CallStepPlan } from './call-steps';

const EVENT_OF: Record<CallStepPlan['kind'], EventType & `call.${string}`> = {
  started: 'call.started',
  answered: 'call.answered',
  transferred: 'call.transferred',
  ended: 'call.ended',
};

/**
 * Applies a provider's callbacks to the call records (docs/voice.md, "Lifecycle"). Each callback
 * runs in its own transaction: the call's row is created if it is the first callback of the call
 * (INSERT … ON CONFLICT DO NOTHING on the unique (provider, call_id)), then locked, and the steps
 * planCallSteps decides are written — each lifecycle column once — with their `call.*` events in
 * the same transaction, so every event is published exactly once and in order whatever the
 * provider repeats or reorders. A call ended with a disposition moves its contact to the stages
 * linked to it (CallDispositionMoves), in the same transaction.
 */
@Injectable()
export class CallLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly dispositions: CallDispositionMoves,
  ) {}

  async applyAll(provider: string, callbacks: readonly VoiceCallback[]): Promise<VoiceCallbackResult[]> {
    const results: VoiceCallbackResult[] = [];
    for (const callback of callbacks) results.push(await this.apply(provider, callback));
    return results;
  }

  apply(provider: string, callback: VoiceCallback): Promise<VoiceCallbackResult> {
    const result = (outcome: VoiceCallbackResult['outcome']): VoiceCallbackResult => ({
      kind: callback.kind,
      call_id: callback.callId,
      outcome,
    });
    return this.dataSource.transaction(async (manager) => {
      const companyId = callback.context.companyId;
      // A call of a company that does not exist (deleted, or a provider's mistake) is not ours to record.
      if (!(await unscopedRepository(manager, CompanyEntity).existsBy({ id: companyId }))) return result('ignored');

      const created = await this.insertIfNew(manager, provider, callback);
      // Provider call ids are unique across companies: the row is found by them alone, under its lock.
      const call = await crossCompanyRepository(manager, CallEntity).findOne({
        where: { provider, callId: callback.callId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!call || call.companyId !== companyId) return result('ignored');

      const { outcome, steps } = planCallSteps(callback, created, call);
      const events = steps.map((step) => {
        applyStep(call, step);
        return newEvent(EVENT_OF[step.kind], { companyId, subject: call.callId, data: callDataOf(call) });
      });
      if (steps.some((step) => step.kind !== 'started')) {
        await CompanyScopedRepository.of(manager, CallEntity, companyId).update({ id: call.id }, lifecycleColumnsOf(call));
      }
      await this.outbox.append(manager, events);
      const ended = steps.find((step) => step.kind === 'ended');
      if (ended && call.disposition && call.contactId)
        await this.dispositions.moveContact(manager, companyId, call.contactId, call.disposition);
      return result(outcome);
    });
  }

  /** Creates the call's row from its first callback; false when it exists already. */
  private async insertIfNew(manager: EntityManager, provider: string, callback: VoiceCallback): Promise<boolean> {
    const birth = callBirthOf(callback);
    const refs = await this.ownReferences(manager, callback.context);
    const inserted = await crossCompanyRepository(manager, CallEntity)
      .createQueryBuilder()
      .insert()
      .values({
        companyId: callback.context.companyId,
        provider,
        callId: callback.callId,
        ...birth,
        ...refs,
        status: 'ringing',
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }

  /**
   * The context's contact, agent and campaign, each kept only when it is the company's: a
   * provider echoes what we sent, but a callback naming another company's row must not link to
   * it — and refusing it would only make the provider retry forever, so it is dropped to null.
   */
  private async ownReferences(
    manager: EntityManager,
    context: CallContext,
  ): Promise<{ contactId: string | null; agentId: string | null; campaignId: string | null }> {
    const { companyId } = context;
    const live = { deletedAt: IsNull() };
    const contactId =
      context.contactId !== null &&
      (await CompanyScopedRepository.of(manager, ContactEntity, companyId).exists({ where: { id: context.contactId, ...live } }));
    const agentId =
      context.agentId !== null &&
      (await CompanyScopedRepository.of(manager, AgentEntity, companyId).exists({ where: { id: context.agentId, ...live } }));
    const campaignId =
      context.campaignId !== null &&
      (await CompanyScopedRepository.of(manager, CampaignEntity, companyId).exists({
        where: { id: context.campaignId, ...live },
      }));
    return {
      contactId: contactId ? context.contactId : null,
      agentId: agentId ? context.agentId : null,
      campaignId: campaignId ? context.campaignId : null,
    };
  }
}

/** What the steps may have changed, as the row's update. */
function lifecycleColumnsOf(call: CallEntity) {
  return {
    status: call.status,
    answeredAt: call.answeredAt,
    transferredAt: call.transferredAt,
    endedAt: call.endedAt,
    durationSeconds: call.durationSeconds,
    hangupReason: call.hangupReason,
    callSuccessful: call.callSuccessful,
    sentiment: call.sentiment,
    disposition: call.disposition,
    transcription: call.transcription,
    recordingUrl: call.recordingUrl,
    tags: call.tags,
    // A JSON object column: TypeORM's update type reads it as nested columns, so it is told otherwise.
    customFields: call.customFields as QueryDeepPartialEntity<Record<string, unknown>>,
  };
}

/** Sets the step's columns on the locked row (each once: planCallSteps never repeats a step). */
function applyStep(call: CallEntity, step: CallStepPlan): void {
  switch (step.kind) {
    case 'started':
      call.status = 'ringing';
      return;
    case 'answered':
      call.answeredAt = step.at;
      call.status = 'in_progress';
      return;
    case 'transferred':
      call.transferredAt = step.at;
      call.status = 'transferred';
      return;
    case 'ended': {
      const { outcome } = step;
      call.endedAt = step.at;
      call.durationSeconds = outcome.durationSeconds;
      call.hangupReason = outcome.hangupReason;
      call.callSuccessful = outcome.callSuccessful;
      call.sentiment = outcome.sentiment;
      call.disposition = outcome.disposition;
      call.transcription = outcome.transcription;
      call.recordingUrl = outcome.recordingUrl;
      call.tags = outcome.tags;
      call.customFields = outcome.customFields;
      call.status = endedStatusOf(outcome, call.answeredAt !== null);
    }
  }
}
