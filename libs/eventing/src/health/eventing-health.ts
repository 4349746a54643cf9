import type { ReadinessProbe } from '@suite/observability';
import type { OutboxRelay, RelayStatus } from '../outbox/outbox-relay';
import type { WatchedTransportHealth } from './transport-watch';

export interface RelayHealth extends RelayStatus {
  /** False once the relay, as the leader, has been failing for longer than `unhealthyAfterMs`. */
  up: boolean;
  unhealthyAfterMs: number;
}

export interface EventingHealthResult {
  up: boolean;
  /** Ready, but something is wrong that does not stop this pod serving: the broker unreachable, the relay failing. */
  degraded: boolean;
  details: { transport: WatchedTransportHealth; relay: RelayHealth };
}

export interface EventingHealthOptions {
  /** EVENT_RELAY_UNHEALTHY_AFTER_MS. */
  unhealthyAfterMs: number;
  now?: () => number;
}

/**
 * Readiness of the app's eventing (decision 0039: ready means "can serve requests"). Only two
 * things make a pod unready here: the relay's loop ended by itself (a bug; nothing publishes this
 * app's events until a restart), and — on the replica leading the relay — the relay failing for
 * longer than `unhealthyAfterMs`, because then every consumer of this app's events (token
 * revocations, the login replicas) is that far behind and someone must look (decision 0020). Only
 * the leader publishes, so a standby is ready whatever the leader does.
 *
 * A broker that is unreachable is reported, not punished: writes go to the outbox, which needs only
 * PostgreSQL, so the API serves as before; taking every pod of every app out of its Service would
 * turn a Kafka blip into a total outage. The transport state comes from a background check
 * (TransportWatch), so this answers from memory and never waits on a broker.
 */
export class EventingHealth implements ReadinessProbe {
  private readonly now: () => number;

  constructor(
    private readonly transport: { current(): WatchedTransportHealth },
    private readonly relay: Pick<OutboxRelay, 'status'>,
    private readonly options: EventingHealthOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async check(): Promise<EventingHealthResult> {
    const transport = this.transport.current();
    const status = this.relay.status();
    const failingForMs = status.leader && status.failingSince !== null ? this.now() - Date.parse(status.failingSince) : 0;
    // A loop that ended by itself never recovers: not ready at once, leader or not, so a restart comes soon.
    const up = status.endedUnexpectedly === null && failingForMs <= this.options.unhealthyAfterMs;
    const relay = { ...status, up, unhealthyAfterMs: this.options.unhealthyAfterMs };
    const degraded = !transport.up || (status.leader && status.consecutiveFailures > 0);
    return { up, degraded, details: { transport, relay } };
  }
}
