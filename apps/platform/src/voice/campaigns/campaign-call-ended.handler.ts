import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { CampaignContactEntity } from './campaign-contact.entity';
import { CampaignProgress } from './campaign-progress';
import { CampaignEntity } from './campaign.entity';
import { CallAttemptEntity } from './dialer/call-attempt.entity';
import { CampaignTicks } from './dialer/campaign-ticks';

/**
 * A campaign's call ended (`call.ended` naming the campaign and the contact): the contact is
 * done with the call's status as its outcome, the campaign counts it, completes when it was the
 * last, and — still running with contacts pending — its dialer is woken at once (a slot freed).
 * Only a `calling` row is moved: a repeated or unrelated end changes nothing. A stopped campaign
 * still records the ends of its calls in flight.
 */
@Injectable()
export class CampaignCallEndedHandler {
  constructor(
    private readonly progress: CampaignProgress,
    private readonly ticks: CampaignTicks,
  ) {}

  @OnEvent('call.ended')
  async ended({ data }: DomainEvent<'call.ended'>, manager: EntityManager): Promise<void> {
    if (!data.campaign_id || !data.contact_id) return;
    const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, data.company_id).findOne({
      where: { id: data.campaign_id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!campaign) return;
    const contacts = CompanyScopedRepository.of(manager, CampaignContactEntity, data.company_id);
    const contact = await contacts.findOne({
      where: { campaignId: campaign.id, contactId: data.contact_id, state: 'calling' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!contact || (contact.callId !== null && contact.callId !== data.call_id)) return;
    if (contact.callId === null) {
      // Its placing answer was lost: the end says which call it placed, so the ambiguous attempt is settled too.
      await CompanyScopedRepository.of(manager, CallAttemptEntity, data.company_id).update(
        { campaignId: campaign.id, contactId: contact.contactId, outcome: In(['in_flight', 'unknown']), resolution: IsNull() },
        { resolution: 'found', callId: data.call_id, settledAt: new Date() },
      );
    }
    await this.progress.finishContact(manager, campaign, contact, data.call_status, data.call_id, new Date());
    if (campaign.status === 'running' && (await contacts.exists({ where: { campaignId: campaign.id, state: 'pending' } }))) {
      await this.ticks.arm(manager, campaign);
    }
  }
}
