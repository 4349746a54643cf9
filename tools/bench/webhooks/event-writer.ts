import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { Outbox, type NewEvent } from '@suite/eventing';
import { deliveredMessageEvent } from '@suite/webhook-dispatch-app/testing';

/** Milliseconds since the epoch with sub-ms precision, the clock the receiver stamps with too. */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/**
 * Writes events into the app's own outbox, as the integration specs do (deliveries.integration-spec.ts):
 * the app's relay puts them on their topic and its consumer picks them up — the whole pipeline.
 */
export class EventWriter {
  private nextMessageId = 1;

  private constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  static async open(databaseUrl: string, schema: string): Promise<EventWriter> {
    const dataSource = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 4 } });
    await dataSource.initialize();
    // The debounce the apps' own outboxes use (resolved-eventing-config.ts).
    const outbox = new Outbox(schema, { appended: () => undefined }, { notifyDebounceMs: 10 });
    return new EventWriter(dataSource, outbox);
  }

  get db(): DataSource {
    return this.dataSource;
  }

  /** Commits `events` in one transaction; resolves with the time COMMIT returned. */
  async commit(events: readonly NewEvent[]): Promise<number> {
    await this.dataSource.transaction((manager) => this.outbox.append(manager, events));
    return nowMs();
  }

  /** A `message.delivered` of `companyId`, shaped like the deliveries spec's; each with its own message id (subject). */
  delivered(companyId: string): NewEvent {
    return deliveredMessageEvent(companyId, String(this.nextMessageId++), 'Hello from the webhooks bench');
  }

  async close(): Promise<void> {
    await this.dataSource.destroy().catch(() => undefined);
  }
}
