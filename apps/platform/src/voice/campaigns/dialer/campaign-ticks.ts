import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { defineJob, JobsRuntime } from '@suite/jobs';
import { CampaignEntity } from '../campaign.entity';

export const CAMPAIGN_DIAL_QUEUE = defineJob<CampaignDialJob>('campaign.dial', { app: 'platform' });

/** A tick of one campaign's dialer; the campaign row holds the rest. */
export interface CampaignDialJob {
  companyId: string;
  campaignId: string;
}

/**
 * Arms a campaign's dialer: enqueues a tick in the caller's transaction and makes it the
 * campaign's live one (`tickJobId`), which retires any tick armed before (it runs, sees it is not
 * the live one, and does nothing). The caller holds the campaign's row lock, so arming is
 * serialised with the tick's own re-arming and there is one chain per campaign.
 */
@Injectable()
export class CampaignTicks {
  constructor(private readonly jobs: JobsRuntime) {}

  async arm(manager: EntityManager, campaign: CampaignEntity, at?: Date): Promise<void> {
    const [jobId] = await this.jobs.enqueue(manager, {
      queue: CAMPAIGN_DIAL_QUEUE,
      payload: { companyId: campaign.companyId, campaignId: campaign.id } satisfies CampaignDialJob,
      runAt: at,
      concurrencyKey: `campaign:${campaign.id}`,
    });
    campaign.tickJobId = jobId!;
    await CompanyScopedRepository.of(manager, CampaignEntity, campaign.companyId).update(
      { id: campaign.id },
      { tickJobId: jobId },
    );
  }

  /** No tick is live any more (stopped, or nothing left to dial until a call's end re-arms). */
  async disarm(manager: EntityManager, campaign: CampaignEntity): Promise<void> {
    campaign.tickJobId = null;
    await CompanyScopedRepository.of(manager, CampaignEntity, campaign.companyId).update(
      { id: campaign.id },
      { tickJobId: null },
    );
  }
}
