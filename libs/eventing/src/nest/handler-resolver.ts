import type { Type } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import type { EventHandler } from '../consumer/event-handler';

/** Finds each handler where the app registered it; otherwise builds it from global providers. */
export async function resolveHandlers(moduleRef: ModuleRef, types: readonly Type<EventHandler>[]): Promise<EventHandler[]> {
  const handlers: EventHandler[] = [];
  for (const type of types) {
    let instance: EventHandler;
    try {
      instance = moduleRef.get(type, { strict: false });
    } catch {
      instance = await moduleRef.create(type);
    }
    handlers.push(instance);
  }
  return handlers;
}
