import { EVENT_DEFINITIONS, type EventMap, type EventType } from './event-map';
import { validatePayload } from './validate-payload';

/**
 * The event's payload, checked against its contract. A payload that breaks the contract throws,
 * so the consumer retries and then dead-letters it instead of corrupting a read model. The
 * eventing lib calls it before any typed handler runs (`@OnEvent`), so handlers never do.
 */
export function payloadOf<T extends EventType>(type: T, data: unknown): EventMap[T] {
  const problems = validatePayload(EVENT_DEFINITIONS[type].schema, data);
  if (problems.length > 0) throw new Error(`invalid ${type} payload: ${problems.join('; ')}`);
  return data as EventMap[T];
}
