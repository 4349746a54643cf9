import { EVENT_DEFINITIONS, validatePayload, type EventMap, type EventType } from '@suite/contracts';

/**
 * The event's payload, checked against its contract. A payload that breaks the contract throws,
 * so the consumer retries and then dead-letters it instead of corrupting a replica.
 */
export function payloadOf<T extends EventType>(type: T, data: unknown): EventMap[T] {
  const problems = validatePayload(EVENT_DEFINITIONS[type].schema, data);
  if (problems.length > 0) throw new Error(`invalid ${type} payload: ${problems.join('; ')}`);
  return data as EventMap[T];
}
