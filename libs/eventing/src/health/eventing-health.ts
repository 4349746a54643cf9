import type { ReadinessProbe } from '@suite/runtime';
import type { OutboxRelay, RelayStatus } from '../outbox/outbox-relay';
import type { EventTransport, TransportHealth } from '../transport/event-transport.port';

export interface EventingHealthResult {
  up: boolean;
  details: { transport: TransportHealth; relay: RelayStatus };
}

/**
 * Readiness of the app's eventing: the broker answers (Kafka mode). A failing relay is not
 * a readiness problem — writes still succeed and the outbox keeps them — so it is reported
 * in the details (lastError, failures) but does not flip `up`.
 */
export class EventingHealth implements ReadinessProbe {
  constructor(
    private readonly transport: EventTransport,
    private readonly relay: OutboxRelay,
  ) {}

  async check(): Promise<EventingHealthResult> {
    const transport = await this.transport.healthCheck();
    return { up: transport.up, details: { transport, relay: this.relay.status() } };
  }
}
