import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, exponentialBackoffMs, type Clock } from '@suite/time';
import { ClaimSweeper } from './claim-sweeper';
import type { ClaimedMessage } from './claimed-message';
import { handOffBatches } from './hand-off-batches';
import { HandOffService } from './hand-off.service';
import { ReleaseClaimer } from './release-claimer';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';
import { ReleaseWake } from './release-wake';

/** Shortest sleep after a tick that changed nothing. */
const IDLE_MIN_PAUSE_MS = 20;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The loop that turns `queued` into `sent` / `failed` / `no_channel` / `cancelled`
 * (docs/decisions/0014). The queue is the messages table: nothing is held in memory between
 * ticks, so a restart loses nothing and any number of replicas may run it. Each tick: give back
 * stuck claims, claim a batch (release-claimer.ts), hand the claimed messages to the carrier
 * (hand-off.service.ts) with bounded concurrency; then sleep until a claim could find something
 * (a message due, a busy number free again), the tick interval at most, or until a new message
 * wakes it. Stops on shutdown after the tick in
 * progress, before the database closes (BeforeApplicationShutdown runs before TypeORM's
 * OnApplicationShutdown).
 */
@Injectable()
export class ReleaseScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReleaseScheduler');
  private loop: Promise<void> | null = null;
  private stopping = false;
  private consecutiveFailures = 0;

  constructor(
    private readonly claimer: ReleaseClaimer,
    private readonly handOffs: HandOffService,
    private readonly sweeper: ClaimSweeper,
    private readonly wake: ReleaseWake,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.options.enabled) {
      this.logger.log('release scheduler disabled (MESSAGING_SCHEDULER_ENABLED=false): messages stay queued in this process');
      return;
    }
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.logger.log(
      `release scheduler started (tick ${this.options.tickMs} ms, batch ${this.options.batchSize}, concurrency ${this.options.concurrency})`,
    );
    this.loop = this.run().catch((error) => this.logger.error(`release scheduler loop ended: ${errorText(error)}`));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake.notify();
    await this.loop;
  }

  /** One tick; exposed for tests and tools that drive the scheduler by hand. */
  async tick(): Promise<{ claimed: number; examined: number; progressed: number }> {
    await this.sweeper.sweep();
    const batch = await this.claimer.claimBatch(this.options.batchSize);
    await this.handOver(batch.claimed);
    return { claimed: batch.claimed.length, examined: batch.examined, progressed: batch.progressed };
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const { examined, progressed } = await this.tick();
        this.consecutiveFailures = 0;
        // A full batch that moved something suggests more is due now.
        if (examined >= this.options.batchSize && progressed > 0) continue;
        await this.wake.wait(await this.pause(progressed > 0));
      } catch (error) {
        // Database unreachable, a deadlock, a bug: claims keep their rows and the sweeper gives them back.
        this.consecutiveFailures++;
        if (this.consecutiveFailures === 1 || this.consecutiveFailures % 20 === 0)
          this.logger.warn(`release scheduler tick failed: ${errorText(error)}`);
        // tick × 2, 4 … 32 after the 1st … 5th failure in a row, never above 30 s.
        const tick = this.options.tickMs;
        await this.wake.wait(
          exponentialBackoffMs(this.consecutiveFailures + 1, { baseMs: tick, maxMs: Math.min(30_000, tick * 32) }),
        );
      }
    }
  }

  /**
   * Until a claim could next find something (a message due, a busy number's slot free), the tick
   * interval at most. A tick that changed nothing sleeps at least IDLE_MIN_PAUSE_MS: what is
   * claimable may be waiting for something else (an earlier message of the conversation being
   * handed over, another replica's claim), and looking again at once would spin.
   */
  private async pause(progressed: boolean): Promise<number> {
    const at = await this.claimer.nextClaimableAt();
    const floor = progressed ? 0 : Math.min(IDLE_MIN_PAUSE_MS, this.options.tickMs);
    if (!at) return this.options.tickMs;
    return Math.max(floor, Math.min(this.options.tickMs, at.getTime() - this.clock.now().getTime()));
  }

  /**
   * The claimed messages in at most `concurrency` hand-off batches (hand-off-batches.ts), side by
   * side; settled, so none outlives the tick (stop() waits for the loop).
   */
  private async handOver(claimed: readonly ClaimedMessage[]): Promise<void> {
    const batches = handOffBatches(claimed, this.options.concurrency);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        try {
          await this.handOffs.handOffBatch(batch);
        } catch (error) {
          // The claims stay; the sweeper gives the messages back after the claim timeout.
          this.logger.error(`hand-off of ${batch.length} message(s) (${batch[0]!.id}…) failed: ${errorText(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, batches.length) }, worker));
  }
}
