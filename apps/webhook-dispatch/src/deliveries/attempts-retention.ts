import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityTable } from '@suite/database';
import { DeliveriesEnvironment } from './deliveries-environment';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** Rows per DELETE: short statements, so the purge never holds many locks at once. */
const CHUNK = 5_000;
/** How often the purge runs; the first run comes a minute after start-up. */
const INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/**
 * WEBHOOKS_RETENTION_DAYS (default 30): attempts older than that are deleted, and so are final
 * deliveries created before it that have no attempt left. Pending deliveries are never deleted.
 * Every replica runs it; the chunks skip rows another replica is deleting, so they share the work.
 */
@Injectable()
export class AttemptsRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AttemptsRetention.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly env: DeliveriesEnvironment,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(FIRST_RUN_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One purge to the end, chunk by chunk; what it deleted. */
  async purge(): Promise<{ attempts: number; deliveries: number }> {
    const cutoff = new Date(Date.now() - this.env.WEBHOOKS_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const attempts = entityTable(this.dataSource, WebhookAttemptEntity);
    const deliveries = entityTable(this.dataSource, WebhookDeliveryEntity);
    const purged = { attempts: 0, deliveries: 0 };
    purged.attempts = await this.inChunks(
      `DELETE FROM ${attempts} WHERE id IN (
         SELECT id FROM ${attempts} WHERE at < $1 LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)`,
      cutoff,
    );
    purged.deliveries = await this.inChunks(
      `DELETE FROM ${deliveries} WHERE id IN (
         SELECT d.id FROM ${deliveries} d
          WHERE d.created_at < $1 AND d.status <> 'pending'
            AND NOT EXISTS (SELECT 1 FROM ${attempts} a WHERE a.delivery_id = d.id)
          LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)`,
      cutoff,
    );
    return purged;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.purge()
        .then((purged) => {
          if (purged.attempts + purged.deliveries > 0) this.logger.log(`retention purge: ${JSON.stringify(purged)}`);
        })
        .catch((error: unknown) =>
          this.logger.warn(`retention purge failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }

  private async inChunks(sql: string, cutoff: string): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      const [, deleted] = (await this.dataSource.query(sql, [cutoff])) as [unknown, number];
      total += deleted;
      if (deleted < CHUNK) break;
    }
    return total;
  }
}
