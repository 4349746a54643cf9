import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { exponentialBackoffMs } from '@suite/time';
import { createDedicatedClient } from '../dedicated-connection';
import { WakeSignal } from './wake-signal';

export interface NotificationListenerOptions {
  /** PostgreSQL channel to LISTEN on (an identifier: lower case, digits, underscores). */
  channel: string;
  /** The dedicated connection's application_name suffix, seen in pg_stat_activity. */
  role: string;
  /** Called with the payload of each notification on the channel. */
  onNotify: (payload: string) => void;
  /** Told when the connection is lost or cannot be made; the listener keeps trying. */
  onError?: (error: unknown) => void;
  /** Reconnection delays: doubling from baseMs to maxMs. */
  reconnect?: { baseMs: number; maxMs: number };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** setTimeout's largest delay (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * LISTENs on one channel over a dedicated connection (a pooled one would be lost to the pool for
 * the process's lifetime) and reconnects after a loss. A NOTIFY sent inside a transaction arrives on
 * commit only, so a listener never hears of a row it cannot read yet. Notifications sent while the
 * connection was down are lost: the loops it wakes must also poll.
 */
export class NotificationListener {
  private client: Client | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private connectionLost = false;
  private readonly lost = new WakeSignal();

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: NotificationListenerOptions,
  ) {
    if (!CHANNEL.test(options.channel)) throw new Error(`NOTIFY channel "${options.channel}" must be a plain identifier`);
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.lost.notify();
    await this.loop;
  }

  /** True while the LISTEN is in place. */
  get listening(): boolean {
    return this.client !== null;
  }

  private async run(): Promise<void> {
    const reconnect = this.options.reconnect ?? { baseMs: 500, maxMs: 10_000 };
    for (let failures = 0; !this.stopping;) {
      try {
        this.client = await this.connect();
        this.connectionLost = false;
        failures = 0;
        while (!this.stopping && !this.connectionLost) await this.lost.wait(LONGEST_TIMER_MS);
      } catch (error) {
        failures++;
        this.options.onError?.(error);
        await this.lost.wait(exponentialBackoffMs(failures, reconnect));
      } finally {
        const client = this.client;
        this.client = null;
        await client?.end().catch(() => undefined);
      }
    }
  }

  private async connect(): Promise<Client> {
    const client = createDedicatedClient(this.dataSource, this.options.role);
    // Without a listener, an 'error' on an idle client would crash the process.
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private onLost(client: Client, error: Error): void {
    if (client !== this.client || this.stopping) return;
    this.connectionLost = true;
    this.options.onError?.(error);
    this.lost.notify();
  }
}
