import { childTraceparent, runWithTraceContext, type TraceContext } from '@suite/runtime';
import type { EntityManager } from 'typeorm';
import type { EventHandler } from './event-handler';
import type { ReceivedEvent } from './inbox.port';

/** Routes an event to the handlers of its topic, in registration order. */
export class HandlerRegistry {
  private readonly byTopic = new Map<string, EventHandler[]>();

  constructor(handlers: readonly EventHandler[]) {
    for (const handler of handlers) {
      for (const topic of handler.topics) {
        const list = this.byTopic.get(topic) ?? [];
        list.push(handler);
        this.byTopic.set(topic, list);
      }
    }
  }

  get topics(): string[] {
    return [...this.byTopic.keys()];
  }

  /**
   * Handlers run in the producer's trace (a child span), so events they write carry the
   * trace of the request that started the chain.
   */
  readonly apply = async (event: ReceivedEvent, manager: EntityManager): Promise<void> => {
    const context = lazyChildContext(event.envelope.traceparent);
    for (const handler of this.byTopic.get(event.message.topic) ?? []) {
      await runWithTraceContext(context, () => handler.handle(event.envelope, manager));
    }
  };
}

/**
 * The child span id is drawn when something first reads it (an event appended, a log line),
 * not for every event: each draw is a getrandom system call, a cost for handlers that never look
 * at it (decision 0005 §5). Once drawn it stays the same.
 */
function lazyChildContext(parent: string | null): TraceContext {
  let traceparent: string | undefined;
  return {
    get traceparent(): string {
      return (traceparent ??= childTraceparent(parent));
    },
  };
}
