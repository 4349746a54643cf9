import { randomUUID } from 'node:crypto';
import { EVENT_TOPICS, EVENT_VERSIONS, type EventEnvelope, type EventMap, type EventType, type Topic } from '@suite/contracts';
import { currentTraceparent } from '@suite/observability';

/** An event ready for `Outbox.append`: the envelope plus the topic it travels on. */
export interface NewEvent<T extends EventType = EventType> {
  readonly topic: Topic;
  readonly envelope: EventEnvelope<T, EventMap[T]>;
}

export interface NewEventInput<T extends EventType> {
  companyId: string | null;
  /** The aggregate id; it becomes the Kafka key, so one subject's events stay in order. */
  subject: string;
  data: EventMap[T];
  /**
   * The trace the event belongs to, when it is not the current one: work batched for many
   * callers (a group commit) runs in one caller's context but writes each caller's events.
   */
  traceparent?: string | null;
}

/**
 * Builds an event from the typed catalog so a producer cannot pick a topic or version that
 * disagrees with @suite/contracts. The trace of the current request (or `input.traceparent`) rides along.
 */
export function newEvent<T extends EventType>(type: T, input: NewEventInput<T>): NewEvent<T> {
  if (!input.subject) throw new Error(`newEvent(${type}): subject is required`);
  return {
    topic: EVENT_TOPICS[type],
    envelope: {
      id: randomUUID(),
      type,
      version: EVENT_VERSIONS[type],
      occurred_at: new Date().toISOString(),
      company_id: input.companyId,
      subject: input.subject,
      data: input.data,
      traceparent: input.traceparent !== undefined ? input.traceparent : currentTraceparent(),
    },
  };
}
