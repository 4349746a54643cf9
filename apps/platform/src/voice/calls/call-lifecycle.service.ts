import { CompanyScopedRepository, crossCompanyRepository, unscopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { EventType } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { JobHandler, JobsRuntime, type JobQueue } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { AgentEntity } from '../agents/agent.entity';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { CompanyEntity } from '../../directory';
import { CallsEnvironment } from './calls-environment';
import { ContactEntity } from '../../crm';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import type { VoiceCallbackResult } from '../provider/voice-callback-sink';
import type { CallContext, VoiceCallback } from '../provider/voice-provider.port';
import {
  callAnalysisDeadlineQueue,
  CALL_ANALYSIS_DEADLINE_QUEUE,
  type CallAnalysisDeadlineJob,
} from './call-analysis-deadline.queue';
import { CallDispositionMoves } from './call-disposition-moves';
import { callDataOf } from './call-data';
import { CallEntity } from './call.entity';
import { callBirthOf, endedStatusOf, planCallSteps, publishesNow, type CallStepPlan } from './call-steps';

const EVENT_OF: Record<CallStepPlan['kind'], EventType & `call.${string}`> = {
  started: 'call.started',
  answered: 'call.answered',
  transferred: 'call.transferred',
  ended: 'call.ended',
  // An analysis publishes only the end it was holding back.
  analyzed: 'call.ended',
};

/**
 * Applies a provider's callbacks to the call records (docs/voice.md, "Lifecycle"). Each callback
 * runs in its own transaction: the call's row is created if it is the first callback of the call
 * (INSERT … ON CONFLICT DO NOTHING on the unique (provider, call_id)), then locked, and the steps
 * planCallSteps decides are written — each lifecycle column once — with their `call.*` events in
 * the same transaction, so every event is published exactly once and in order whatever the
 * provider repeats or reorders. A call ended with a disposition moves its contact to the stages
 * linked to it (CallDispositionMoves), in the same transaction.
 *
 * Post-call analysis (docs/voice.md): a connected call's end whose provider says an analysis
 * follows is recorded at once but its `call.ended` is held — until the analysis arrives (merged,
 * then published, so webhooks, the agent's performance and the disposition moves see it) or
 * PLATFORM_CALL_ANALYSIS_WAIT_SECONDS pass (a durable job publishes it without). An analysis
 * arriving later still completes the record and the export; it publishes nothing more.
 */
@Injectable()
export class CallLifecycle {
  private readonly analysisWaitMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly dispositions: CallDispositionMoves,
    private readonly jobs: JobsRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    env: CallsEnvironment,
  ) {
    this.analysisWaitMs = env.PLATFORM_CALL_ANALYSIS_WAIT_SECONDS * 1000;
  }

  @JobHandler(CALL_ANALYSIS_DEADLINE_QUEUE)
  analysisDeadlineQueue(): JobQueue<CallAnalysisDeadlineJob, void> {
    return callAnalysisDeadlineQueue((manager, job) => this.announceHeldEnd(manager, job));
  }

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
      const context = await this.contextOf(manager, provider, callback);
      const companyId = context.companyId;
      // A call of a company that does not exist (deleted, or a provider's mistake) is not ours to record.
      if (companyId === '' || !(await unscopedRepository(manager, CompanyEntity).existsBy({ id: companyId })))
        return result('ignored');

      const created = await this.insertIfNew(manager, provider, callback, context);
      // Provider call ids are unique across companies: the row is found by them alone, under its lock.
      const call = await crossCompanyRepository(manager, CallEntity).findOne({
        where: { provider, callId: callback.callId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!call || call.companyId !== companyId) return result('ignored');

      const { outcome, steps } = planCallSteps(callback, created, call, this.analysisWaitMs);
      const events = steps.flatMap((step) => {
        this.applyStep(call, step);
        return publishesNow(step)
          ? [newEvent(EVENT_OF[step.kind], { companyId, subject: call.callId, data: callDataOf(call) })]
          : [];
      });
      if (steps.some((step) => step.kind !== 'started')) {
        await CompanyScopedRepository.of(manager, CallEntity, companyId).update({ id: call.id }, lifecycleColumnsOf(call));
      }
      await this.outbox.append(manager, events);
      const held = steps.find((step) => step.kind === 'ended' && step.held);
      if (held) {
        await this.jobs.enqueue(manager, {
          queue: CALL_ANALYSIS_DEADLINE_QUEUE,
          payload: { companyId, callRowId: call.id } satisfies CallAnalysisDeadlineJob,
          runAt: call.endHeldUntil!,
        });
      }
      if (steps.some((step) => EVENT_OF[step.kind] === 'call.ended' && publishesNow(step)))
        await this.endAnnounced(manager, call);
      return result(outcome);
    });
  }

  private applyStep(call: CallEntity, step: CallStepPlan): void {
    applyStep(call, step, new Date(this.clock.now().getTime() + this.analysisWaitMs));
  }

  /** The held end's wait is over with no analysis: `call.ended` as the record stands (a no-op once announced). */
  private async announceHeldEnd(manager: EntityManager, job: CallAnalysisDeadlineJob): Promise<void> {
    const calls = CompanyScopedRepository.of(manager, CallEntity, job.companyId);
    const call = await calls.findOne({ where: { id: job.callRowId }, lock: { mode: 'pessimistic_write' } });
    if (!call || call.endedAt === null || call.endHeldUntil === null) return;
    call.endHeldUntil = null;
    await calls.update({ id: call.id }, { endHeldUntil: null });
    await this.outbox.append(manager, [
      newEvent('call.ended', { companyId: call.companyId, subject: call.callId, data: callDataOf(call) }),
    ]);
    await this.endAnnounced(manager, call);
  }

  /** What follows a published end in its transaction: the disposition moves the contact. */
  private async endAnnounced(manager: EntityManager, call: CallEntity): Promise<void> {
    if (call.disposition && call.contactId)
      await this.dispositions.moveContact(manager, call.companyId, call.contactId, call.disposition);
  }

  /**
   * The callback's context; for a call we did not place (an inbound call to one of our numbers:
   * the provider echoes no context of ours) the company is the one holding the number now, and the
   * agent the one answering it — a lookup by our own number across companies, on purpose, as
   * messaging finds an inbound text's company. A later callback of that call finds its row.
   */
  private async contextOf(manager: EntityManager, provider: string, callback: VoiceCallback): Promise<CallContext> {
    if (callback.context.companyId !== '') return callback.context;
    const known = await crossCompanyRepository(manager, CallEntity).findOne({
      select: { companyId: true, agentId: true, contactId: true, campaignId: true },
      where: { provider, callId: callback.callId },
    });
    if (known)
      return { companyId: known.companyId, agentId: known.agentId, contactId: known.contactId, campaignId: known.campaignId };
    const ours =
      callback.kind === 'started' || callback.kind === 'ended'
        ? callback.direction === 'inbound'
          ? callback.to
          : callback.from
        : undefined;
    if (!ours) return callback.context;
    const number = await crossCompanyRepository(manager, PhoneNumberEntity).findOne({
      select: { id: true, companyId: true },
      where: { phoneNumber: ours, releasedAt: IsNull() },
    });
    if (!number) return callback.context;
    const agent = await CompanyScopedRepository.of(manager, AgentEntity, number.companyId).findOne({
      select: { id: true },
      where: { inboundNumberId: number.id, deletedAt: IsNull() },
    });
    return { companyId: number.companyId, agentId: agent?.id ?? null, contactId: null, campaignId: null };
  }

  /** Creates the call's row from its first callback; false when it exists already. */
  private async insertIfNew(
    manager: EntityManager,
    provider: string,
    callback: VoiceCallback,
    context: CallContext,
  ): Promise<boolean> {
    const birth = callBirthOf(callback);
    const refs = await this.ownReferences(manager, context);
    const inserted = await crossCompanyRepository(manager, CallEntity)
      .createQueryBuilder()
      .insert()
      .values({
        companyId: context.companyId,
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
    endHeldUntil: call.endHeldUntil,
    summary: call.summary,
    analyzedAt: call.analyzedAt,
  };
}

/** Sets the step's columns on the locked row (each once: planCallSteps never repeats a step). */
function applyStep(call: CallEntity, step: CallStepPlan, heldUntil: Date): void {
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
      call.endHeldUntil = step.held ? heldUntil : null;
      return;
    }
    case 'analyzed': {
      // What the analysis says wins; what it leaves out keeps what the end reported.
      const { analysis } = step;
      call.analyzedAt = step.at;
      call.callSuccessful = analysis.callSuccessful ?? call.callSuccessful;
      call.sentiment = analysis.sentiment ?? call.sentiment;
      call.summary = analysis.summary ?? call.summary;
      call.disposition = analysis.disposition ?? call.disposition;
      call.customFields = { ...call.customFields, ...analysis.customFields };
      if (step.announce) call.endHeldUntil = null;
    }
  }
}
