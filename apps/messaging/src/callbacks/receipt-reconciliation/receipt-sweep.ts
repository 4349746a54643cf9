import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { openTransactionOf, PreparedStatement, WakeSignal } from '@suite/database';
import { JobsRuntime } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { RECEIPT_LOOKUPS_QUEUE, type ReceiptLookupJob } from './receipt-lookups.queue';
import { RECEIPT_RECONCILIATION_OPTIONS, type ReceiptReconciliationOptions } from './receipt-reconciliation.options';

/** Most messages one sweep enqueues; a full sweep runs again at once. */
const SWEEP_LIMIT = 200;

/**
 * The `sent` messages whose last news (the hand-off, or the last lookup) is older than the
 * timeout, stamped as looked up now. SKIP LOCKED and the stamp, in the transaction that enqueues
 * their lookups, keep replicas apart: each due message is enqueued once per timeout, by one of them.
 */
const TAKE_DUE = new PreparedStatement(
  'receipt_sweep_take_due',
  `WITH due AS (
     SELECT id FROM messaging.messages
      WHERE status = 'sent' AND sent_at < $1 AND (receipt_checked_at IS NULL OR receipt_checked_at < $1)
      ORDER BY sent_at LIMIT $2 FOR UPDATE SKIP LOCKED)
   UPDATE messaging.messages AS m SET receipt_checked_at = $3 FROM due WHERE m.id = due.id RETURNING m.id`,
  'messaging',
);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The periodic half of the reconciliation of `sent` messages (decision 0049): every replica sweeps
 * every `sweepIntervalMs`, enqueueing a lookup job (receipt-lookups.queue.ts) for each message
 * without a receipt after MESSAGING_RECEIPT_TIMEOUT_SECONDS. Safe with any number of replicas (no
 * leader: SKIP LOCKED and the `receipt_checked_at` stamp); stops before the database closes.
 */
@Injectable()
export class ReceiptSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReceiptReconciliation');
  private readonly wake = new WakeSignal();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private consecutiveFailures = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RECEIPT_RECONCILIATION_OPTIONS) private readonly options: ReceiptReconciliationOptions,
    private readonly jobs: JobsRuntime,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake.notify();
    await this.loop;
  }

  /** One sweep; returns how many lookups it enqueued. Exposed for specs. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.options.timeoutSeconds * 1000);
    return this.dataSource.transaction(async (manager) => {
      const { rows } = await TAKE_DUE.run<{ id: string }>(openTransactionOf(manager, 'receipt-sweep'), [
        cutoff.toISOString(),
        SWEEP_LIMIT,
        now.toISOString(),
      ]);
      await this.jobs.enqueue(
        manager,
        rows.map(({ id }) => ({ queue: RECEIPT_LOOKUPS_QUEUE, payload: { messageId: id } satisfies ReceiptLookupJob })),
      );
      if (rows.length > 0)
        this.logger.warn(
          `${rows.length} sent message(s) without a receipt after ${this.options.timeoutSeconds} s: asking the carrier`,
        );
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let full = false;
      try {
        full = (await this.sweep()) === SWEEP_LIMIT;
        this.consecutiveFailures = 0;
      } catch (error) {
        // The database away: the next sweep finds the same messages.
        if (++this.consecutiveFailures === 1 || this.consecutiveFailures % 20 === 0)
          this.logger.warn(`receipt sweep failed: ${errorText(error)}`);
      }
      if (!full) await this.wake.wait(this.options.sweepIntervalMs);
    }
  }
}
