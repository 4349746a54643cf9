import type { EntityManager } from 'typeorm';
import type { ClaimedJob, JobQueue } from '@suite/jobs';
import type { CampaignDialer, TickResult } from './campaign-dialer';
import { CAMPAIGN_DIAL_QUEUE, type CampaignDialJob } from './campaign-ticks';

/**
 * The dialer's ticks (libs/jobs): one campaign's ticks run one at a time across replicas (the
 * concurrency key is the campaign), so a tick never races another of its campaign; a tick that
 * dies mid-run is claimed again after its lease and finds its state in the rows. The next tick
 * is armed in the transaction that settles this one (`succeeded`): the chain survives restarts.
 */
export function campaignDialQueue(dialer: CampaignDialer): JobQueue<CampaignDialJob, TickResult> {
  return {
    name: CAMPAIGN_DIAL_QUEUE,
    concurrency: 4,
    perKeyConcurrency: 1,
    // A tick places at most max_concurrent_calls (≤ 20) calls, each one provider request.
    timeoutMs: 120_000,
    leaseMs: 300_000,
    pollMs: 2_000,
    stopGraceMs: 10_000,
    retry: { kind: 'exponential', maxAttempts: 10, backoff: { baseMs: 1_000, maxMs: 60_000 } },
    handle: (job: ClaimedJob<CampaignDialJob>, signal: AbortSignal) => dialer.tick(job.payload, job.id, signal),
    async succeeded(manager: EntityManager, job: ClaimedJob<CampaignDialJob>, result: TickResult): Promise<void> {
      if (result.live) await dialer.settle(manager, job.payload, job.id, result.nextAt);
    },
    async failed(manager: EntityManager, job: ClaimedJob<CampaignDialJob>, error: string): Promise<void> {
      await dialer.rearmAfterFailure(manager, job.payload, job.id, error);
    },
  };
}
