import type { EventEnvelope } from './envelope';
import type { EventMap, EventType } from './event-map';

/**
 * An event of the map as a consumer receives it: the envelope with `data` typed (and checked,
 * by the eventing lib, against the contract) for its `type`. A union of types stays a union of
 * envelopes, so testing `event.type` narrows `event.data`.
 */
export type DomainEvent<T extends EventType = EventType> = T extends EventType ? EventEnvelope<T, EventMap[T]> : never;
