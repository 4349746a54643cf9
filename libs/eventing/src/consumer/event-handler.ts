import type { EventEnvelope, Topic } from '@suite/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A consumer-side reaction to events. `handle` runs inside the transaction that also records
 * the event in the inbox, so its writes through `manager` happen exactly once per event.
 * It must not have effects outside that transaction it cannot repeat (an HTTP call, say):
 * on failure the transaction rolls back and the event is retried.
 */
export interface EventHandler {
  readonly topics: readonly Topic[];
  handle(event: EventEnvelope, manager: EntityManager): Promise<void>;
}
