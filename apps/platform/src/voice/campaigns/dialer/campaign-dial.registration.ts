import { Injectable } from '@nestjs/common';
import { JobHandler } from '@suite/jobs';
import { campaignDialQueue } from './campaign-dial.queue';
import { CampaignDialer } from './campaign-dialer';
import { CAMPAIGN_DIAL_QUEUE } from './campaign-ticks';

/** The dialer's queue, run by the app's jobs (JobsModule finds it; workers start on application bootstrap). */
@Injectable()
export class CampaignDialRegistration {
  constructor(private readonly dialer: CampaignDialer) {}

  @JobHandler(CAMPAIGN_DIAL_QUEUE)
  dialQueue(): ReturnType<typeof campaignDialQueue> {
    return campaignDialQueue(this.dialer);
  }
}
