/**
 * The one shape every domain event travels in, on Kafka and on the in-process bus alike.
 * `subject` is the aggregate id and the Kafka key, so one aggregate's events stay in order.
 */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  /** uuid v4, unique per event; consumers deduplicate on it (inbox). */
  id: string;
  type: TType;
  /** Major version of the payload schema; the topic carries the same major (`.v1`). */
  version: number;
  /** ISO 8601 instant at which the change was committed by the producer. */
  occurred_at: string;
  /** Tenant the event belongs to; null only for events about the platform itself. */
  company_id: string | null;
  subject: string;
  data: TData;
  /** W3C trace context of the request that caused the change, when there was one. */
  traceparent: string | null;
}
