import type { EventEnvelope } from '@suite/contracts';
import type { EntityManager } from 'typeorm';
import type { InboundMessage } from '../transport/event-transport.port';

export interface ReceivedEvent {
  readonly envelope: EventEnvelope;
  readonly message: InboundMessage;
}

export interface InboxOutcome {
  readonly applied: readonly ReceivedEvent[];
  readonly duplicates: readonly ReceivedEvent[];
}

export type ApplyEvent = (event: ReceivedEvent, manager: EntityManager) => Promise<void>;

/**
 * The consuming app's transaction boundary: record the events in the inbox and apply those
 * never seen before, in order, all in ONE transaction — the effect and the dedup row commit
 * together or not at all. Rejects (and rolls everything back) if any apply throws.
 */
export interface InboxPort {
  applyInTransaction(events: readonly ReceivedEvent[], apply: ApplyEvent): Promise<InboxOutcome>;
}
