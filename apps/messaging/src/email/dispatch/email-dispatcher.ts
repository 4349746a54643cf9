import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { WakeSignal } from '@suite/eventing';
import { composeEmail } from './compose-email';
import { EMAIL_DISPATCH_OPTIONS, type EmailDispatchOptions } from './email-dispatch.options';
import { EmailDispatchStore, type ClaimedSend } from './email-dispatch.store';
import { EMAIL_TRANSPORT, type EmailTransport } from './email-transport';
import { afterFailure } from './retry-policy';

const MAX_ERROR_LENGTH = 1_000;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

/**
 * Hands queued emails to the transport. The queue lives in PostgreSQL only (email-dispatch.store):
 * any number of replicas run this loop, a restart loses nothing, and a send in this process
 * wakes the loop at once (other replicas find the row at their next poll).
 *
 * Shutdown stops claiming, lets in-flight hand-offs finish for a short grace, then aborts them;
 * an aborted hand-off is requeued like any transient failure. No timer outlives stop().
 */
@Injectable()
export class EmailDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EmailDispatcher');
  private readonly idle = new WakeSignal();
  private readonly inFlight = new Set<AbortController>();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private consecutiveFailures = 0;

  constructor(
    private readonly store: EmailDispatchStore,
    @Inject(EMAIL_TRANSPORT) private readonly transport: EmailTransport,
    @Inject(EMAIL_DISPATCH_OPTIONS) private readonly options: EmailDispatchOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.logger.log(`email dispatcher started; transport: ${this.transport.description}`);
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = this.run().catch((error) => this.logger.error(`email dispatcher loop ended: ${errorText(error)}`));
  }

  /** A send was stored: look now rather than at the next poll. */
  wake(): void {
    this.idle.notify();
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.idle.notify();
    const grace = setTimeout(
      () => this.inFlight.forEach((controller) => controller.abort(new Error('shutting down'))),
      this.options.stopGraceMs,
    );
    try {
      await this.loop;
    } finally {
      clearTimeout(grace);
      this.transport.close();
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        await this.store.failAbandoned(this.options.retry.maxAttempts);
        const batch = await this.store.claim(this.options.concurrency, this.options.claimTimeoutMs, randomUUID());
        claimed = batch.length;
        // Settled, not all(): no hand-off may outlive this iteration (stop() waits for the loop).
        const results = await Promise.allSettled(batch.map((send) => this.handOff(send)));
        const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failure) throw failure.reason;
        this.consecutiveFailures = 0;
      } catch (error) {
        // The database is unreachable: claimed rows keep their lease and are reclaimed later.
        this.consecutiveFailures++;
        if (this.consecutiveFailures === 1 || this.consecutiveFailures % 20 === 0) {
          this.logger.warn(`email dispatcher could not reach the queue: ${errorText(error)}`);
        }
        await this.idle.wait(Math.min(30_000, this.options.pollMs * 2 ** Math.min(this.consecutiveFailures, 5)));
        continue;
      }
      // A full batch suggests more are due: claim again at once.
      if (claimed < this.options.concurrency) await this.idle.wait(this.options.pollMs);
    }
  }

  private async handOff(send: ClaimedSend): Promise<void> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const deadline = setTimeout(
      () => controller.abort(new Error('the SMTP hand-off took too long')),
      this.options.handOffTimeoutMs,
    );
    try {
      const result = await this.transport.deliver(composeEmail(send), controller.signal);
      if (!(await this.store.finish(send, result.outcome, result.response))) this.claimLost(send);
    } catch (error) {
      await this.recordFailure(send, error);
    } finally {
      clearTimeout(deadline);
      this.inFlight.delete(controller);
    }
  }

  private async recordFailure(send: ClaimedSend, error: unknown): Promise<void> {
    const reason = errorText(error);
    const next = afterFailure(this.options.retry, send.attempts, error);
    const recorded =
      next.kind === 'retry' ? await this.store.retryLater(send, reason, next.delayMs) : await this.store.fail(send, reason);
    if (!recorded) return this.claimLost(send);
    this.logger.warn(
      next.kind === 'retry'
        ? `email ${send.id} attempt ${send.attempts} failed, retrying in ${next.delayMs} ms: ${reason}`
        : `email ${send.id} failed after ${send.attempts} attempt(s): ${reason}`,
    );
  }

  private claimLost(send: ClaimedSend): void {
    this.logger.warn(`email ${send.id}: the claim expired before the result was recorded; another attempt owns it`);
  }
}
