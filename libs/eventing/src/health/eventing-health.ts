import type { ReadinessProbe } from '@suite/runtime';
import type { OutboxRelay, RelayStatus } from '../outbox/outbox-relay';
import type { EventTransport, TransportHealth } from '../transport/event-transport.port';

export interface RelayHealth extends RelayStatus {
  /** False once the relay, as the leader, has been failing for longer than `unhealthyAfterMs`. */
  up: boolean;
  unhealthyAfterMs: number;
}

export interface EventingHealthResult {
  up: boolean;
  details: { transport: TransportHealth; relay: RelayHealth };
}

export interface EventingHealthOptions {
  /** EVENT_RELAY_UNHEALTHY_AFTER_MS. */
  unhealthyAfterMs: number;
  now?: () => number;
}

/**
 * Readiness of the app's eventing: the broker answers (Kafka mode), and the relay, if this replica
 * is the leader, has not been failing for longer than `unhealthyAfterMs`. A short failure is not
 * a readiness problem — writes still succeed and the outbox keeps them — but a relay stuck for
 * minutes means every consumer of this app's events (token revocations, the login replicas) is
 * that far behind, and someone must look (decision 0020). Only the leader publishes, so a standby
 * is ready whatever the leader does. A relay whose loop ended by itself (a bug) is not ready at
 * once. The details say since when the relay fails and why.
 */
export class EventingHealth implements ReadinessProbe {
  private readonly now: () => number;

  constructor(
    private readonly transport: EventTransport,
    private readonly relay: Pick<OutboxRelay, 'status'>,
    private readonly options: EventingHealthOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async check(): Promise<EventingHealthResult> {
    const transport = await this.transport.healthCheck();
    const status = this.relay.status();
    const failingForMs = status.leader && status.failingSince !== null ? this.now() - Date.parse(status.failingSince) : 0;
    // A loop that ended by itself never recovers: not ready at once, leader or not, so a restart comes soon.
    const up = status.endedUnexpectedly === null && failingForMs <= this.options.unhealthyAfterMs;
    const relay = { ...status, up, unhealthyAfterMs: this.options.unhealthyAfterMs };
    return { up: transport.up && relay.up, details: { transport, relay } };
  }
}
