import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDedicatedClient } from '@suite/database';
import type { EventingLogger } from '../support/eventing-logger';
import { errorMessage } from '../support/sleep';

/**
 * One relay per app schema publishes, however many replicas run: the one whose dedicated
 * session holds `pg_try_advisory_lock(<schema>)`. A single publisher is what keeps
 * per-subject order (two relays would interleave batches). If the session dies — the
 * process crashed, the network broke — PostgreSQL drops the lock and a standby takes over.
 * The same session LISTENs for the outbox channel, since only the leader needs waking, and
 * runs the relay's queries (see OutboxRelayStore).
 */
export class RelayLeadership {
  private client: Client | null = null;
  private lost = false;
  private acquiring: Promise<boolean> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly lockKey: string,
    private readonly channel: string,
    private readonly onNotify: () => void,
    private readonly logger: EventingLogger,
  ) {}

  get held(): boolean {
    return this.client !== null && !this.lost;
  }

  /** The leader's session; the relay does all its SQL on it. */
  get session(): Client {
    if (!this.client || this.lost) throw new Error('outbox relay is not the leader');
    return this.client;
  }

  /** Single-flight: the relay loop and flush() may ask at the same moment. */
  tryAcquire(): Promise<boolean> {
    if (this.held) return Promise.resolve(true);
    this.acquiring ??= this.acquire().finally(() => (this.acquiring = null));
    return this.acquiring;
  }

  private async acquire(): Promise<boolean> {
    await this.release();
    const client = createDedicatedClient(this.dataSource, 'outbox-relay');
    // Without a listener, an 'error' on an idle client would crash the process.
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('connection ended')));
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
        this.lockKey,
      ]);
      if (!rows[0]?.locked) {
        await client.end().catch(() => undefined);
        return false;
      }
      client.on('notification', (message) => {
        if (message.channel === this.channel) this.onNotify();
      });
      await client.query(`LISTEN "${this.channel}"`);
      this.client = client;
      this.lost = false;
      return true;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Ending the session frees the lock and the LISTEN together. */
  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.lost = false;
    if (client) await client.end().catch(() => undefined);
  }

  private onLost(client: Client, error: Error): void {
    if (client !== this.client || this.lost) return;
    this.lost = true;
    this.logger.warn('relay lost its leadership connection; will try to take it back', { error: errorMessage(error) });
    // Wake the loop so it notices at once rather than at the next poll.
    this.onNotify();
  }
}
