import type { DomainEvent, EventType } from '@suite/contracts';
import type { EntityManager } from 'typeorm';

/**
 * What a method under `@OnEvent(...types)` must accept: the event, its payload typed from the
 * event map for exactly those types, and the manager of the transaction that records it in the
 * inbox (so its writes happen once per event). It must not have effects outside that
 * transaction it cannot repeat (an HTTP call, say): on failure everything rolls back and the
 * event is retried, then dead-lettered.
 */
export type EventListenerMethod<T extends EventType> = (event: DomainEvent<T>, manager: EntityManager) => Promise<void>;

/** One method of a handler bound to one event type. */
export interface EventListener {
  readonly type: EventType;
  /** `ClassName.method`, for errors and logs. */
  readonly name: string;
  readonly handle: (event: DomainEvent, manager: EntityManager) => Promise<void>;
}

interface DeclaredListener {
  readonly method: string | symbol;
  readonly types: readonly EventType[];
}

/** Declarations per class prototype; read along the prototype chain, so subclasses inherit them. */
const declared = new WeakMap<object, DeclaredListener[]>();

/**
 * Marks a method as the handler of one or more event types (Immich's `@OnEvent` over its
 * `EventMap`). The method receives the event with `data` typed for those types and already
 * checked against the contract; it does not compile when its parameter does not accept every
 * type listed. Any provider of an app's modules with such methods is subscribed to the topics
 * of its types (EventingModule discovers them); events of other types are never passed to it.
 *
 *   @OnEvent('user.created', 'user.updated')
 *   async upsert(event: DomainEvent<'user.created' | 'user.updated'>, manager: EntityManager) { … }
 */
export function OnEvent<T extends EventType>(...types: [T, ...T[]]) {
  return (prototype: object, method: string | symbol, _descriptor: { value?: EventListenerMethod<T> }): void => {
    declared.set(prototype, [...(declared.get(prototype) ?? []), { method, types }]);
  };
}

/** The listeners of `handler`: every `@OnEvent` method of its class and its ancestors, one per type. */
export function eventListenersOf(handler: object): EventListener[] {
  const listeners: EventListener[] = [];
  const chain: object[] = [];
  for (let proto = Object.getPrototypeOf(handler); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    chain.unshift(proto);
  }
  for (const proto of chain) {
    for (const { method, types } of declared.get(proto) ?? []) {
      const name = `${handler.constructor.name}.${String(method)}`;
      const fn = (handler as Record<string | symbol, unknown>)[method] as (...args: unknown[]) => Promise<void>;
      for (const type of types) listeners.push({ type, name, handle: (event, manager) => fn.call(handler, event, manager) });
    }
  }
  return listeners;
}
