import { EVENT_TOPICS, payloadOf, type DomainEvent, type EventType } from '@suite/contracts';
import { childTraceparent, runWithTraceContext, type TraceContext } from '@suite/observability';
import { inChildSpan, tracingEnabled } from '@suite/telemetry';
import type { EntityManager } from 'typeorm';
import type { ReceivedEvent } from './inbox.port';
import { relevanceChecksOf, type EventRelevanceCheck } from './event-relevance.decorator';
import { eventListenersOf, type EventListener } from './on-event.decorator';

/**
 * Routes an event to the `@OnEvent` methods of its type, in registration order, after checking
 * its payload against the contract once. The topics to subscribe follow from the types. An
 * event no handler takes — a type this build does not know (a newer producer), one nobody here
 * listens to (another type of a subscribed topic), or one off its own topic — is ignored: the
 * consumer does it without a transaction or an inbox row (`handles`, BatchProcessor), since
 * there is no effect to keep from happening twice.
 */
export class HandlerRegistry {
  private readonly byType = new Map<string, EventListener[]>();
  /** A listener's handler's `@EventRelevance` check for its type, when it has one. */
  private readonly checks = new Map<EventListener, EventRelevanceCheck>();

  /** `handlers`: objects with at least one `@OnEvent` method each. */
  constructor(handlers: readonly object[]) {
    for (const handler of handlers) {
      const listeners = eventListenersOf(handler);
      if (listeners.length === 0) throw new Error(`${handler.constructor.name} is no event handler: it has no @OnEvent method`);
      const checks = relevanceChecksOf(handler);
      for (const listener of listeners) {
        this.byType.set(listener.type, [...(this.byType.get(listener.type) ?? []), listener]);
        const check = checks.get(listener.type);
        if (check) this.checks.set(listener, check);
      }
    }
  }

  /** The logical topics carrying the types handled here. */
  get topics(): string[] {
    return [...new Set([...this.byType.keys()].map((type) => EVENT_TOPICS[type as EventType]))];
  }

  /**
   * Handlers run in the producer's trace (a child span), so events they write carry the
   * trace of the request that started the chain.
   */
  /** Whether a listener here takes the event. A known type on a topic that is not its own is not the event the contract describes. */
  readonly handles = (event: ReceivedEvent): boolean => {
    const type = event.envelope.type as EventType;
    return this.byType.has(type) && EVENT_TOPICS[type] === event.message.topic;
  };

  /**
   * Which events of a chunk a listener here may act on: those it `handles`, less those for which
   * every listener of the type has an `@EventRelevance` check that answers false (each check asked
   * once, for the chunk's events of its type). A check that throws counts as true for its events.
   */
  readonly wanted = async (events: readonly ReceivedEvent[]): Promise<boolean[]> => {
    const wanted = events.map((event) => this.handles(event));
    const byType = new Map<string, number[]>();
    events.forEach((event, i) => {
      if (wanted[i]) byType.set(event.envelope.type, [...(byType.get(event.envelope.type) ?? []), i]);
    });
    for (const [type, indexes] of byType) {
      const listeners = this.byType.get(type)!;
      // A listener without a check takes every event of its type.
      if (listeners.some((listener) => !this.checks.has(listener))) continue;
      const typed = indexes.map((i) => events[i]!.envelope as DomainEvent);
      const relevant = indexes.map(() => false);
      for (const listener of listeners) {
        const answers = await this.checks.get(listener)!(typed).catch(() => typed.map(() => true));
        answers.forEach((answer, k) => (relevant[k] = relevant[k] || answer !== false));
      }
      indexes.forEach((i, k) => (wanted[i] = relevant[k]!));
    }
    return wanted;
  };

  readonly apply = async (event: ReceivedEvent, manager: EntityManager): Promise<void> => {
    const type = event.envelope.type as EventType;
    const listeners = this.byType.get(type);
    if (!listeners || !this.handles(event)) return;
    // Throws on a payload that breaks the contract: retried, then dead-lettered, never applied.
    payloadOf(type, event.envelope.data);
    const typed = event.envelope as DomainEvent;
    if (tracingEnabled()) return this.applyInSpan(event, typed, listeners, manager);
    const context = lazyChildContext(event.envelope.traceparent);
    for (const listener of listeners) {
      await runWithTraceContext(context, () => listener.handle(typed, manager));
    }
  };

  /**
   * With tracing on (decision 0046): a CONSUMER span per handled event, a child of the publish span
   * the message carries (or of the envelope's), whose traceparent the handlers run in.
   */
  private async applyInSpan(
    event: ReceivedEvent,
    typed: DomainEvent,
    listeners: readonly EventListener[],
    manager: EntityManager,
  ) {
    const parent = event.message.headers['traceparent'] ?? event.envelope.traceparent;
    const attributes = {
      'messaging.operation.type': 'process',
      'messaging.destination.name': event.message.topic,
      'messaging.message.id': event.envelope.id,
      'suite.event.type': event.envelope.type,
    };
    await inChildSpan(parent, `handle ${event.envelope.type}`, 'consumer', attributes, async (traceparent) => {
      const context = traceparent ? { traceparent } : lazyChildContext(event.envelope.traceparent);
      for (const listener of listeners) await runWithTraceContext(context, () => listener.handle(typed, manager));
    });
  }
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
