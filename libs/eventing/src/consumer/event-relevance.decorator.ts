import type { DomainEvent, EventType } from '@suite/contracts';

/**
 * What a method under `@EventRelevance(...types)` must be: given events of those types an inbox
 * chunk is about to apply (as delivered: their payloads are checked later, only for the events
 * applied), whether each may have an effect in its handler — one answer per event, in order.
 * Asked outside any transaction, after the events were received (so after they happened).
 */
export type EventRelevanceMethod<T extends EventType> = (events: ReadonlyArray<DomainEvent<T>>) => Promise<boolean[]>;

/** A handler's relevance check, bound to it. */
export type EventRelevanceCheck = (events: readonly DomainEvent[]) => Promise<boolean[]>;

interface DeclaredCheck {
  readonly method: string | symbol;
  readonly types: readonly EventType[];
}

/** Declarations per class prototype; read along the prototype chain, as `@OnEvent`'s. */
const declared = new WeakMap<object, DeclaredCheck[]>();

/**
 * Marks a method of an `@OnEvent` handler that tells, for a chunk of its events of `types`, which
 * may have an effect here: an event for which every listener of its type answers false is consumed
 * without a transaction or an inbox row (HandlerRegistry.wanted), as if nobody here listened to it.
 * The answer must be one handling the events at that moment would give (a read of what they would
 * act on, say): the inbox then skips exactly the events whose handling would have done nothing.
 * A check that throws skips nothing.
 */
export function EventRelevance<T extends EventType>(...types: [T, ...T[]]) {
  return (prototype: object, method: string | symbol, _descriptor: { value?: EventRelevanceMethod<T> }): void => {
    declared.set(prototype, [...(declared.get(prototype) ?? []), { method, types }]);
  };
}

/** The relevance checks of `handler` by event type (its class's and its ancestors'). */
export function relevanceChecksOf(handler: object): Map<EventType, EventRelevanceCheck> {
  const checks = new Map<EventType, EventRelevanceCheck>();
  for (let proto = Object.getPrototypeOf(handler); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const { method, types } of declared.get(proto) ?? []) {
      const fn = (handler as Record<string | symbol, unknown>)[method] as (events: readonly DomainEvent[]) => Promise<boolean[]>;
      // The subclass's declaration wins over an ancestor's.
      for (const type of types) if (!checks.has(type)) checks.set(type, (events) => fn.call(handler, events));
    }
  }
  return checks;
}
