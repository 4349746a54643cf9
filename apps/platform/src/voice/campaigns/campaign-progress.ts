import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { CampaignContactEntity } from './campaign-contact.entity';
import { campaignSnapshot } from './campaign-events';
import { CampaignEntity } from './campaign.entity';

/**
 * Counts a contact of a campaign as done (its call ended, or the provider refused it) and
 * completes the campaign when none is left. The caller holds the campaign's row lock (taken
 * before the contact's, as everywhere), so the counter and the completion cannot race.
 */
@Injectable()
export class CampaignProgress {
  constructor(private readonly outbox: Outbox) {}

  /** `contact` is a `calling` row of the campaign; it becomes `done` with `outcome`. */
  async finishContact(
    manager: EntityManager,
    campaign: CampaignEntity,
    contact: CampaignContactEntity,
    outcome: string,
    callId: string | null,
    at: Date,
  ): Promise<void> {
    await CompanyScopedRepository.of(manager, CampaignContactEntity, campaign.companyId).update(
      { campaignId: contact.campaignId, contactId: contact.contactId, state: 'calling' },
      { state: 'done', outcome, callId: callId ?? contact.callId, doneAt: at },
    );
    campaign.doneContacts += 1;
    await this.completeIfDone(manager, campaign, at);
  }

  /**
   * Saves the counter; when every contact is done or skipped, the campaign is `completed` and
   * `campaign.completed` is published (changed_by null: the dialer completed it). A stopped
   * campaign whose last calls end completes too: nobody is left to call.
   */
  async completeIfDone(manager: EntityManager, campaign: CampaignEntity, at: Date): Promise<void> {
    const campaigns = CompanyScopedRepository.of(manager, CampaignEntity, campaign.companyId);
    const finished = campaign.doneContacts >= campaign.totalContacts && campaign.status !== 'completed';
    if (finished) {
      campaign.status = 'completed';
      campaign.completedAt = at;
      campaign.tickJobId = null;
    }
    await campaigns.update(
      { id: campaign.id },
      {
        doneContacts: campaign.doneContacts,
        status: campaign.status,
        completedAt: campaign.completedAt,
        tickJobId: campaign.tickJobId,
      },
    );
    if (finished) {
      await this.outbox.append(
        manager,
        newEvent('campaign.completed', {
          companyId: campaign.companyId,
          subject: campaign.id,
          data: campaignSnapshot(campaign, null),
        }),
      );
    }
  }
}
