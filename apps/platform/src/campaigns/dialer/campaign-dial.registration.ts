import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobsRuntime } from '@suite/jobs';
import { campaignDialQueue } from './campaign-dial.queue';
import { CampaignDialer } from './campaign-dialer';

/** Registers the dialer's queue with the app's jobs (their workers start on application bootstrap). */
@Injectable()
export class CampaignDialRegistration implements OnModuleInit {
  constructor(
    private readonly jobs: JobsRuntime,
    private readonly dialer: CampaignDialer,
  ) {}

  onModuleInit(): void {
    this.jobs.register(campaignDialQueue(this.dialer));
  }
}
