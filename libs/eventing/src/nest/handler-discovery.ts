import type { DiscoveryService } from '@nestjs/core';
import { eventListenersOf } from '../consumer/on-event.decorator';

/**
 * The app's event handlers: every provider, in any module, with an `@OnEvent` method. A feature
 * registers its handlers by listing them among its module's providers, with the dependencies
 * they need; there is no central list to keep. Handlers must be singletons: a request-scoped
 * one has no instance to call when an event arrives.
 */
export function discoverEventHandlers(discovery: DiscoveryService): object[] {
  const handlers = new Set<object>();
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    if (!wrapper.isDependencyTreeStatic()) {
      const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
      if (prototype && eventListenersOf(Object.create(prototype)).length > 0) {
        throw new Error(`event handler ${wrapper.name.toString()} must be a singleton provider (it is request-scoped)`);
      }
      continue;
    }
    if (instance && typeof instance === 'object' && eventListenersOf(instance).length > 0) handlers.add(instance);
  }
  return [...handlers];
}
