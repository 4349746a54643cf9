import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, normalizePhone, type PageRequest } from '@suite/http';
import { ContactEntity, ContactListMemberEntity, ContactListEntity } from '../../crm';
import { agentOutboundNumber, liveNumber } from './caller-number';
import { CampaignContactEntity, type CampaignContactState } from './campaign-contact.entity';
import { campaignSnapshot } from './campaign-events';
import { CampaignProgress } from './campaign-progress';
import { CampaignEntity } from './campaign.entity';
import { CampaignTicks } from './dialer/campaign-ticks';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const EMPTY_LIST = 'The list has no contacts to call.';
export const ALREADY_RUNNING = 'The campaign is already running.';
export const ALREADY_COMPLETED = 'The campaign is completed; it cannot be started again.';
export const NOT_RUNNING = 'Only a running campaign can be stopped.';
export const STOP_BEFORE_DELETE = 'Stop the campaign before deleting it.';
export const AGENT_REFUSED = 'agent_id must be an active agent of the company with an outbound number.';
export const AGENT_REFUSED_FIELD = 'not an active agent of the company with an outbound number';

export interface CampaignInput {
  name: string;
  /** Decoded list id; null when the id sent decodes to nothing (422 like an unknown one). */
  listId: string | null;
  agentId: string | null;
  callerNumber: string | null;
  callsPerMinute: number;
  maxConcurrentCalls: number;
  windowStart: string;
  windowEnd: string;
}

/** Where the campaign's contacts are: one count per state, from its rows. */
export type CampaignProgressCounts = Record<CampaignContactState, number> & { total: number };

export interface CampaignWithProgress {
  campaign: CampaignEntity;
  progress: CampaignProgressCounts;
}

/** Contacts copied per INSERT when a campaign first starts. */
const COPY_CHUNK = 1000;

/**
 * Dialer campaigns: create (draft), start (copies the list's contacts on the first start and arms
 * the dialer), stop, delete. Every change locks the campaign row first and commits with its event;
 * the dialer (dialer/campaign-dialer.ts) and the calls' ends (campaign-call-ended.handler.ts) take
 * the same lock, so status, counters and the tick chain never disagree.
 */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly ticks: CampaignTicks,
    private readonly progress: CampaignProgress,
  ) {}

  async create(companyId: string, input: CampaignInput): Promise<CampaignWithProgress> {
    if ((input.agentId === null) === (input.callerNumber === null)) {
      const message = 'Give exactly one of agent_id and caller_number.';
      throw new AppError('unprocessable', message, { agent_id: [message], caller_number: [message] });
    }
    if (input.windowStart === input.windowEnd) {
      throw new AppError('unprocessable', 'calling_window.start and calling_window.end must differ.', {
        calling_window: ['start and end must differ'],
      });
    }
    return this.dataSource.transaction(async (manager) => {
      const list = input.listId
        ? await CompanyScopedRepository.of(manager, ContactListEntity, companyId).findOne({
            select: { id: true },
            where: { id: input.listId },
          })
        : null;
      if (!list) throw new AppError('unprocessable', 'list_id must be a list of the company.', { list_id: ['unknown list'] });
      if (input.agentId !== null && !(await agentOutboundNumber(manager, companyId, input.agentId))) {
        throw new AppError('unprocessable', AGENT_REFUSED, { agent_id: [AGENT_REFUSED_FIELD] });
      }
      if (input.callerNumber !== null && !(await liveNumber(manager, companyId, input.callerNumber))) {
        throw new AppError('unprocessable', 'caller_number must be a phone number of the company.', {
          caller_number: ['not a phone number of the company'],
        });
      }
      const campaigns = CompanyScopedRepository.of(manager, CampaignEntity, companyId);
      const campaign = await campaigns.save(
        campaigns.create({
          name: input.name,
          listId: list.id,
          agentId: input.agentId,
          callerNumber: input.callerNumber,
          callsPerMinute: input.callsPerMinute,
          maxConcurrentCalls: input.maxConcurrentCalls,
          windowStart: input.windowStart,
          windowEnd: input.windowEnd,
          status: 'draft',
        }),
      );
      return { campaign, progress: emptyProgress() };
    });
  }

  /** A page of the company's campaigns, newest first. */
  async list(companyId: string, page: PageRequest): Promise<{ campaigns: CampaignWithProgress[]; total: number }> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [campaigns, total] = await CompanyScopedRepository.of(manager, CampaignEntity, companyId).findAndCount({
        where: { deletedAt: IsNull() },
        order: { id: 'DESC' },
        skip: page.offset,
        take: page.perPage,
      });
      const progress = await this.countProgress(
        manager,
        companyId,
        campaigns.map((campaign) => campaign.id),
      );
      return {
        campaigns: campaigns.map((campaign) => ({ campaign, progress: progress.get(campaign.id) ?? emptyProgress() })),
        total,
      };
    });
  }

  async get(companyId: string, id: string): Promise<CampaignWithProgress> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, companyId).findOne({
        where: { id, deletedAt: IsNull() },
      });
      if (!campaign) throw new AppError('not_found', CAMPAIGN_NOT_FOUND);
      const progress = await this.countProgress(manager, companyId, [campaign.id]);
      return { campaign, progress: progress.get(campaign.id) ?? emptyProgress() };
    });
  }

  /**
   * draft or stopped → running. The first start copies the list's live contacts that have a phone
   * (pending; a phone that is not a valid number → skipped); a list without any is 422 and the
   * campaign stays a draft. A restart calls the contacts still pending (contacts added to the list
   * since are not taken). Publishes `campaign.started` (and `campaign.completed` at once when every
   * contact was skipped) and arms the dialer.
   */
  async start(companyId: string, id: string, changedBy: string | null): Promise<CampaignWithProgress> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.lock(manager, companyId, id);
      if (campaign.status === 'running') throw new AppError('conflict', ALREADY_RUNNING);
      if (campaign.status === 'completed') throw new AppError('conflict', ALREADY_COMPLETED);
      const now = new Date();
      if (campaign.status === 'draft') await this.copyContacts(manager, campaign);
      campaign.status = 'running';
      campaign.startedAt ??= now;
      campaign.stoppedAt = null;
      await CompanyScopedRepository.of(manager, CampaignEntity, companyId).update(
        { id: campaign.id },
        {
          status: 'running',
          startedAt: campaign.startedAt,
          stoppedAt: null,
          totalContacts: campaign.totalContacts,
          doneContacts: campaign.doneContacts,
        },
      );
      await this.outbox.append(
        manager,
        newEvent('campaign.started', { companyId, subject: campaign.id, data: campaignSnapshot(campaign, changedBy) }),
      );
      await this.progress.completeIfDone(manager, campaign, now);
      if (campaign.status === 'running') await this.ticks.arm(manager, campaign);
      return { campaign, progress: (await this.countProgress(manager, companyId, [campaign.id])).get(campaign.id)! };
    });
  }

  /** running → stopped: no new call starts; calls in flight finish and are counted; pending contacts wait for a restart. */
  async stop(companyId: string, id: string, changedBy: string | null): Promise<CampaignWithProgress> {
    return this.dataSource.transaction(async (manager) => {
      const campaign = await this.lock(manager, companyId, id);
      if (campaign.status !== 'running') throw new AppError('conflict', NOT_RUNNING);
      campaign.status = 'stopped';
      campaign.stoppedAt = new Date();
      await CompanyScopedRepository.of(manager, CampaignEntity, companyId).update(
        { id: campaign.id },
        { status: 'stopped', stoppedAt: campaign.stoppedAt },
      );
      await this.ticks.disarm(manager, campaign);
      await this.outbox.append(
        manager,
        newEvent('campaign.stopped', { companyId, subject: campaign.id, data: campaignSnapshot(campaign, changedBy) }),
      );
      return { campaign, progress: (await this.countProgress(manager, companyId, [campaign.id])).get(campaign.id)! };
    });
  }

  /** Soft delete of a campaign that is not running (its rows stay for the calls that name it). */
  async delete(companyId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const campaign = await this.lock(manager, companyId, id);
      if (campaign.status === 'running') throw new AppError('conflict', STOP_BEFORE_DELETE);
      await CompanyScopedRepository.of(manager, CampaignEntity, companyId).update(
        { id: campaign.id },
        { deletedAt: new Date(), tickJobId: null },
      );
    });
  }

  private async lock(manager: EntityManager, companyId: string, id: string): Promise<CampaignEntity> {
    const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, companyId).findOne({
      where: { id, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!campaign) throw new AppError('not_found', CAMPAIGN_NOT_FOUND);
    return campaign;
  }

  /** The list's live contacts with a phone, as the campaign's rows; sets the totals. */
  private async copyContacts(manager: EntityManager, campaign: CampaignEntity): Promise<void> {
    const list = await CompanyScopedRepository.of(manager, ContactListEntity, campaign.companyId).findOne({
      where: { id: campaign.listId },
      lock: { mode: 'pessimistic_read' },
    });
    const memberIds = list
      ? (
          await unscopedRepository(manager, ContactListMemberEntity).find({
            select: { contactId: true },
            where: { listId: list.id },
          })
        ).map((member) => member.contactId)
      : [];
    const contacts = CompanyScopedRepository.of(manager, ContactEntity, campaign.companyId);
    const rows: CampaignContactEntity[] = [];
    const campaignContacts = CompanyScopedRepository.of(manager, CampaignContactEntity, campaign.companyId);
    for (let from = 0; from < memberIds.length; from += COPY_CHUNK) {
      const found = await contacts.find({
        select: { id: true, phone: true },
        where: { id: In(memberIds.slice(from, from + COPY_CHUNK)), deletedAt: IsNull(), phone: Not(IsNull()) },
        order: { id: 'ASC' },
      });
      for (const contact of found) {
        if (!contact.phone) continue;
        const phone = normalizePhone(contact.phone);
        rows.push(
          campaignContacts.create({
            campaignId: campaign.id,
            contactId: contact.id,
            phone: phone ?? contact.phone.slice(0, 16),
            state: phone ? 'pending' : 'skipped',
            outcome: phone ? null : 'invalid_phone',
            doneAt: phone ? null : new Date(),
          }),
        );
      }
    }
    if (rows.length === 0) throw new AppError('unprocessable', EMPTY_LIST, { list_id: [EMPTY_LIST] });
    for (let from = 0; from < rows.length; from += COPY_CHUNK) await campaignContacts.insert(rows.slice(from, from + COPY_CHUNK));
    campaign.totalContacts = rows.length;
    campaign.doneContacts = rows.filter((row) => row.state === 'skipped').length;
  }

  /** Per campaign, its contacts per state (one grouped count each: a page holds at most 100). */
  private async countProgress(
    manager: EntityManager,
    companyId: string,
    campaignIds: string[],
  ): Promise<Map<string, CampaignProgressCounts>> {
    const rows = CompanyScopedRepository.of(manager, CampaignContactEntity, companyId);
    const result = new Map<string, CampaignProgressCounts>();
    for (const campaignId of campaignIds) {
      const progress = emptyProgress();
      for (const [state, count] of await rows.countPer('state', { campaignId })) {
        progress[state as CampaignContactState] = count;
        progress.total += count;
      }
      result.set(campaignId, progress);
    }
    return result;
  }
}

const emptyProgress = (): CampaignProgressCounts => ({ total: 0, pending: 0, calling: 0, done: 0, skipped: 0 });
