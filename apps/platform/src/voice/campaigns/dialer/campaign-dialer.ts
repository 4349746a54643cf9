import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, LessThanOrEqual, MoreThan, Not, type EntityManager } from 'typeorm';
import { AgentMirrors } from '../../agents/mirror/agent-mirrors';
import { CompanyEntity } from '../../../directory';
import { CallRejectedError, VoiceProviderUnavailableError } from '../../provider/voice-errors';
import { VOICE_PROVIDER, type PlaceCallRequest, type VoiceProvider } from '../../provider/voice-provider.port';
import { campaignFromNumber } from '../caller-number';
import { CampaignContactEntity } from '../campaign-contact.entity';
import { CampaignProgress } from '../campaign-progress';
import { CampaignEntity } from '../campaign.entity';
import { CallAttempts, type AttemptTarget } from './call-attempts';
import { callingWindowDecision } from './calling-window';
import { CampaignTicks, type CampaignDialJob } from './campaign-ticks';
import { dialCapacity, nextTickAt } from './dial-pacing';

/** What a tick found: whether it was the campaign's live tick, and when the next should run. */
export interface TickResult {
  readonly live: boolean;
  readonly nextAt: Date | null;
}

/** Due pending contacts looked at per tick (window checks included); the rest wait for the next tick. */
const PICK_BATCH = 100;
/** After the provider could not answer, the contact waits this long unless it says how long. */
const PROVIDER_RETRY_MS = 30_000;
/**
 * After an answer was lost, the provider is asked whether the call exists this long later — not at
 * once, so a call it is still creating shows in its lookup (Retell's list-calls) by then.
 */
export const LOOKUP_DELAY_MS = 30_000;
/** A campaign that cannot call now (its number released, its agent gone) looks again this often. */
const NO_CALLER_RECHECK_MS = 60_000;
/**
 * A call placed this long ago whose end never arrived (a lost callback, a provider that forgot it)
 * is given up: the contact is done with outcome `no_result`, so the campaign can still complete.
 * Far beyond any real call; a late end for it is then ignored (the row is no longer `calling`).
 */
export const CALL_LOST_AFTER_MS = 4 * 60 * 60_000;
/** A tick whose job failed for good re-arms the campaign after this long, so a bug never strands it. */
const FAILED_TICK_REARM_MS = 5 * 60_000;

interface Placement {
  readonly contact: CampaignContactEntity;
  readonly from: string;
}

/** The provider could not say whether an earlier attempt placed a call. */
class LookupFailedError extends Error {}

/** How one placement went: `throttled` (the provider said "not now") holds back the rest of the tick. */
type PlacementResult = 'placed' | 'refused' | 'throttled' | 'unknown';

/**
 * One tick of a campaign's dialer (the campaign.dial job, one at a time per campaign): under the
 * campaign's row lock it picks the contacts it may call now (pacing, calling windows), marks them
 * `calling` and COMMITS; only then asks the provider, with the contact's idempotency key, so a
 * crash between the two leaves a `calling` row without a call id that the next tick places again
 * with the same key — the provider answers the same call. State lives in the rows; the tick
 * computes when the next one is worth running and the settle (in the job's own transaction)
 * arms it, unless another tick became the live one meanwhile.
 */
@Injectable()
export class CampaignDialer {
  private readonly logger = new Logger('CampaignDialer');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    private readonly ticks: CampaignTicks,
    private readonly progress: CampaignProgress,
    private readonly attempts: CallAttempts,
    private readonly mirrors: AgentMirrors,
  ) {}

  async tick(job: CampaignDialJob, jobId: string, signal: AbortSignal): Promise<TickResult> {
    const picked = await this.pick(job, jobId);
    if (!picked.campaign || !picked.placements) return picked.result;
    const campaign = picked.campaign;
    const providerAgentId =
      campaign.agentId && picked.placements.length > 0
        ? await this.mirrors.providerAgentId(campaign.companyId, campaign.agentId)
        : null;
    for (const [index, placement] of picked.placements.entries()) {
      if (signal.aborted) break; // the rest stay `calling` without a call id: the next tick places them
      const result = await this.place(campaign, placement, providerAgentId);
      if (result.outcome === 'throttled') {
        // A pacing fact (Retell's concurrency limit): the campaign slows down; nobody is skipped or called twice.
        for (const rest of picked.placements.slice(index + 1)) await this.holdBack(campaign, rest.contact, result.retryAfterMs);
        break;
      }
    }
    return { live: true, nextAt: await this.nextTick(job) };
  }

  /** In the job's settling transaction: arm the next tick if this one is still the live one. */
  async settle(manager: EntityManager, job: CampaignDialJob, jobId: string, nextAt: Date | null): Promise<void> {
    const campaign = await this.lockLive(manager, job, jobId);
    if (!campaign) return;
    if (campaign.status === 'running' && nextAt) await this.ticks.arm(manager, campaign, nextAt);
    else await this.ticks.disarm(manager, campaign);
  }

  /** The tick failed for good (out of retries): the campaign is re-armed later rather than stranded. */
  async rearmAfterFailure(manager: EntityManager, job: CampaignDialJob, jobId: string, error: string): Promise<void> {
    this.logger.error(`campaign ${job.campaignId}: dialer tick failed for good (${error}); trying again in 5 minutes`);
    const campaign = await this.lockLive(manager, job, jobId);
    if (campaign?.status === 'running') await this.ticks.arm(manager, campaign, new Date(Date.now() + FAILED_TICK_REARM_MS));
  }

  private async lockLive(manager: EntityManager, job: CampaignDialJob, jobId: string): Promise<CampaignEntity | null> {
    const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, job.companyId).findOne({
      where: { id: job.campaignId },
      lock: { mode: 'pessimistic_write' },
    });
    return campaign && campaign.tickJobId === jobId ? campaign : null;
  }

  /** Step 1, committed before any call: the contacts to call now, marked `calling`. */
  private async pick(
    job: CampaignDialJob,
    jobId: string,
  ): Promise<{ campaign?: CampaignEntity; placements?: Placement[]; result: TickResult }> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.lockLive(manager, job, jobId);
      if (!campaign) return { result: { live: false, nextAt: null } };
      if (campaign.status !== 'running' || campaign.deletedAt) return { result: { live: true, nextAt: null } };
      const now = new Date();
      const contacts = CompanyScopedRepository.of(manager, CampaignContactEntity, campaign.companyId);
      const lost = await contacts.find({
        where: {
          campaignId: campaign.id,
          state: 'calling',
          callId: Not(IsNull()),
          calledAt: LessThan(new Date(now.getTime() - CALL_LOST_AFTER_MS)),
        },
        lock: { mode: 'pessimistic_write' },
      });
      for (const contact of lost) {
        this.logger.warn(
          `campaign ${campaign.id}: call ${contact.callId} never reported its end; contact ${contact.contactId} given up`,
        );
        await this.progress.finishContact(manager, campaign, contact, 'no_result', null, now);
      }
      if (campaign.status !== 'running') return { result: { live: true, nextAt: null } };
      const from = await campaignFromNumber(manager, campaign);
      if (!from) {
        this.logger.warn(`campaign ${campaign.id}: no number to call from (released number or inactive agent); waiting`);
        return { result: { live: true, nextAt: new Date(now.getTime() + NO_CALLER_RECHECK_MS) } };
      }
      // A `calling` row without a call id when no other tick of the campaign runs: its tick died
      // between marking it and hearing the provider. Placed again with the same key: same call.
      // One whose answer was lost waits (notBefore) for the provider's lookup to be worth asking.
      const orphans = await contacts.find({
        where: [
          { campaignId: campaign.id, state: 'calling', callId: IsNull(), notBefore: IsNull() },
          { campaignId: campaign.id, state: 'calling', callId: IsNull(), notBefore: LessThanOrEqual(now) },
        ],
      });
      const placements: Placement[] = orphans.map((contact) => ({ contact, from }));

      const capacity = dialCapacity({
        now,
        callsPerMinute: campaign.callsPerMinute,
        maxConcurrentCalls: campaign.maxConcurrentCalls,
        calling: await contacts.count({ where: { campaignId: campaign.id, state: 'calling' } }),
        recentCalls: await this.recentCalls(manager, campaign, now),
      });
      if (capacity.slots > 0) {
        const due = await contacts.find({
          where: [
            { campaignId: campaign.id, state: 'pending', notBefore: IsNull() },
            { campaignId: campaign.id, state: 'pending', notBefore: LessThanOrEqual(now) },
          ],
          order: { contactId: 'ASC' },
          take: PICK_BATCH,
          lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
        });
        const company = await unscopedRepository(manager, CompanyEntity).findOneBy({ id: campaign.companyId });
        const window = { start: campaign.windowStart, end: campaign.windowEnd };
        let slots = capacity.slots;
        for (const contact of due) {
          if (slots === 0) break;
          const decision = await callingWindowDecision(now, contact.phone!, window, company?.timezone ?? '');
          if (!decision.open) {
            await contacts.update(
              { campaignId: campaign.id, contactId: contact.contactId, state: 'pending' },
              { notBefore: decision.opensAt },
            );
            continue;
          }
          await contacts.update(
            { campaignId: campaign.id, contactId: contact.contactId, state: 'pending' },
            { state: 'calling', calledAt: now, notBefore: null },
          );
          placements.push({ contact: { ...contact, state: 'calling', calledAt: now }, from });
          slots -= 1;
        }
      }
      return { campaign, placements, result: { live: true, nextAt: null } };
    });
  }

  /**
   * Step 2, one contact: settle any attempt whose outcome is unknown by asking the provider for
   * its call (the attempt's key is in the call's metadata); only when none was placed, record a new
   * attempt, ask the provider to place the call, and settle the attempt with what it said.
   */
  private async place(
    campaign: CampaignEntity,
    { contact, from }: Placement,
    providerAgentId: string | null,
  ): Promise<{ outcome: PlacementResult; retryAfterMs: number }> {
    const request: PlaceCallRequest = {
      from,
      to: contact.phone!,
      agentId: campaign.agentId,
      providerAgentId,
      idempotencyKey: `campaign:${campaign.id}:contact:${contact.contactId}`,
      context: {
        companyId: campaign.companyId,
        contactId: contact.contactId,
        campaignId: campaign.id,
        agentId: campaign.agentId,
      },
    };
    const target: AttemptTarget = {
      companyId: campaign.companyId,
      campaignId: campaign.id,
      contactId: contact.contactId,
      attemptKey: request.idempotencyKey,
    };
    try {
      const ambiguous = await this.attempts.ambiguous(target);
      if (ambiguous.length > 0) {
        const found = await this.provider.findCall(request).catch((error: unknown) => {
          // Until the provider says, the earlier call may be live: the contact stays `calling`, asked again later.
          throw error instanceof VoiceProviderUnavailableError ? new LookupFailedError(error.message) : error;
        });
        await this.attempts.resolve(target, ambiguous, found);
        if (found) {
          this.logger.log(
            `campaign ${campaign.id}: contact ${contact.contactId}'s lost attempt had placed ${found.callId}; not called again`,
          );
          await this.recordCallId(campaign, contact, found.callId);
          return { outcome: 'placed', retryAfterMs: 0 };
        }
      }
      const attemptId = await this.attempts.begin(target);
      const placed = await this.provider.placeCall(request).catch(async (error: unknown) => {
        await this.attempts.failed(target, attemptId, error);
        throw error;
      });
      await this.attempts.placed(target, attemptId, placed.callId);
      await this.recordCallId(campaign, contact, placed.callId);
      return { outcome: 'placed', retryAfterMs: 0 };
    } catch (error) {
      if (error instanceof CallRejectedError) {
        await this.rejected(campaign, contact, error);
        return { outcome: 'refused', retryAfterMs: 0 };
      }
      if (error instanceof VoiceProviderUnavailableError) {
        const delayMs = error.retryAfterMs ?? PROVIDER_RETRY_MS;
        this.logger.warn(
          `campaign ${campaign.id}: the provider did not place the call to contact ${contact.contactId} (${error.message}); again in ${delayMs} ms`,
        );
        await this.backToPending(campaign, contact, delayMs);
        return { outcome: 'throttled', retryAfterMs: delayMs };
      }
      await this.awaitLookup(campaign, contact, error);
      return { outcome: 'unknown', retryAfterMs: 0 };
    }
  }

  /** Only while still `calling` without one: the call may already have ended (and been counted) by now. */
  private async recordCallId(campaign: CampaignEntity, contact: CampaignContactEntity, callId: string): Promise<void> {
    await CompanyScopedRepository.of(this.dataSource, CampaignContactEntity, campaign.companyId).update(
      { campaignId: campaign.id, contactId: contact.contactId, state: 'calling', callId: IsNull() },
      { callId, notBefore: null },
    );
  }

  /**
   * The answer was lost (or something failed after the request may have left): the contact stays
   * `calling` — its call may be ringing, and its end is accepted — and the next tick after
   * LOOKUP_DELAY_MS asks the provider for it before placing anything.
   */
  private async awaitLookup(campaign: CampaignEntity, contact: CampaignContactEntity, error: unknown): Promise<void> {
    this.logger.warn(
      `campaign ${campaign.id}: placing the call to contact ${contact.contactId} ` +
        `has an unknown outcome (${error instanceof Error ? error.message : String(error)}); looked up in ${LOOKUP_DELAY_MS} ms`,
    );
    await CompanyScopedRepository.of(this.dataSource, CampaignContactEntity, campaign.companyId).update(
      { campaignId: campaign.id, contactId: contact.contactId, state: 'calling', callId: IsNull() },
      { notBefore: new Date(Date.now() + LOOKUP_DELAY_MS) },
    );
  }

  /** The provider will never place this call (an invalid number): the contact is done, `rejected`. */
  private async rejected(campaign: CampaignEntity, contact: CampaignContactEntity, error: CallRejectedError): Promise<void> {
    this.logger.log(`campaign ${campaign.id}: contact ${contact.contactId} rejected by the provider (${error.code})`);
    await this.dataSource.transaction(async (manager) => {
      const locked = await CompanyScopedRepository.of(manager, CampaignEntity, campaign.companyId).findOne({
        where: { id: campaign.id },
        lock: { mode: 'pessimistic_write' },
      });
      const row = await CompanyScopedRepository.of(manager, CampaignContactEntity, campaign.companyId).findOne({
        where: { campaignId: campaign.id, contactId: contact.contactId, state: 'calling' },
        lock: { mode: 'pessimistic_write' },
      });
      if (locked && row) await this.progress.finishContact(manager, locked, row, 'rejected', null, new Date());
    });
  }

  /**
   * The provider placed nothing (an outage, its concurrency limit) — or the tick held the contact
   * back after such an answer: back to pending, not before the provider's retry-after.
   */
  private async backToPending(campaign: CampaignEntity, contact: CampaignContactEntity, delayMs: number): Promise<void> {
    await CompanyScopedRepository.of(this.dataSource, CampaignContactEntity, campaign.companyId).update(
      { campaignId: campaign.id, contactId: contact.contactId, state: 'calling', callId: IsNull() },
      { state: 'pending', calledAt: null, notBefore: new Date(Date.now() + delayMs) },
    );
  }

  /**
   * A contact of a throttled tick, not asked this time: back to pending — unless an earlier attempt
   * of it may have placed a call, which keeps it `calling` (that call's end must still count) until
   * the lookup.
   */
  private async holdBack(campaign: CampaignEntity, contact: CampaignContactEntity, delayMs: number): Promise<void> {
    const target = { companyId: campaign.companyId, campaignId: campaign.id, contactId: contact.contactId, attemptKey: '' };
    if ((await this.attempts.ambiguous(target)).length === 0) return this.backToPending(campaign, contact, delayMs);
    await CompanyScopedRepository.of(this.dataSource, CampaignContactEntity, campaign.companyId).update(
      { campaignId: campaign.id, contactId: contact.contactId, state: 'calling', callId: IsNull() },
      { notBefore: new Date(Date.now() + Math.max(delayMs, LOOKUP_DELAY_MS)) },
    );
  }

  /** Step 3: when the next tick is worth running, from the rows as they are now. */
  private async nextTick(job: CampaignDialJob): Promise<Date | null> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, job.companyId).findOneBy({ id: job.campaignId });
      if (!campaign || campaign.status !== 'running') return null;
      const now = new Date();
      const contacts = CompanyScopedRepository.of(manager, CampaignContactEntity, job.companyId);
      const calling = await contacts.count({ where: { campaignId: campaign.id, state: 'calling' } });
      const duePending = await contacts.count({
        where: [
          { campaignId: campaign.id, state: 'pending', notBefore: IsNull() },
          { campaignId: campaign.id, state: 'pending', notBefore: LessThanOrEqual(now) },
        ],
      });
      const waiting = await contacts.findOne({
        select: { contactId: true, notBefore: true },
        where: { campaignId: campaign.id, state: 'pending', notBefore: MoreThan(now) },
        order: { notBefore: 'ASC' },
      });
      const capacity = dialCapacity({
        now,
        callsPerMinute: campaign.callsPerMinute,
        maxConcurrentCalls: campaign.maxConcurrentCalls,
        calling,
        recentCalls: await this.recentCalls(manager, campaign, now),
      });
      return nextTickAt({ now, duePending, soonestNotBefore: waiting?.notBefore ?? null, calling, capacity });
    });
  }

  /** When the calls started within the last minute were placed, oldest first (the pacing's sliding minute). */
  private async recentCalls(manager: EntityManager, campaign: CampaignEntity, now: Date): Promise<Date[]> {
    const rows = await CompanyScopedRepository.of(manager, CampaignContactEntity, campaign.companyId).find({
      select: { contactId: true, calledAt: true },
      where: { campaignId: campaign.id, calledAt: MoreThan(new Date(now.getTime() - 60_000)) },
      order: { calledAt: 'ASC' },
    });
    return rows.map((row) => row.calledAt!);
  }
}
