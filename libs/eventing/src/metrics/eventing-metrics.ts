import { Counter, Gauge, Histogram } from 'prom-client';
import { metricOnce } from '@suite/observability';

/*
 * Metric objects live once per process (default registry); in embedded mode the four apps
 * share them and tell themselves apart by the `app` label.
 */
const counter = (name: string, help: string) => metricOnce(name, () => new Counter({ name, help, labelNames: ['app', 'topic'] }));

const appended = () =>
  counter('eventing_events_appended_total', 'Events written to the outbox (counted at append, before commit)');
const published = () => counter('eventing_events_published_total', 'Events the relay published to the transport');
const consumed = () => counter('eventing_events_consumed_total', 'Events whose handlers ran and committed');
const duplicates = () => counter('eventing_events_duplicates_total', 'Redelivered events skipped thanks to the inbox');
const deadLettered = () => counter('eventing_events_dead_lettered_total', 'Events parked in the dead-letter topic or table');
const outboxDeadLettered = () =>
  metricOnce(
    'eventing_outbox_dead_lettered_total',
    () =>
      new Counter({
        name: 'eventing_outbox_dead_lettered_total',
        help:
          'Outbox events the relay could never publish, set aside in outbox_dead_letter ' +
          '(reason: not_an_envelope, lone_surrogate, nul_character, refused_by_transport)',
        labelNames: ['app', 'topic', 'reason'],
      }),
  );
const relayLag = () =>
  metricOnce(
    'eventing_relay_lag_seconds',
    () =>
      new Gauge({ name: 'eventing_relay_lag_seconds', help: 'Age of the oldest unpublished outbox row', labelNames: ['app'] }),
  );
const transportUp = () =>
  metricOnce(
    'eventing_transport_up',
    () =>
      new Gauge({
        name: 'eventing_transport_up',
        help: 'Whether the last background check reached the event transport (Kafka: describeCluster answered): 1 or 0',
        labelNames: ['app'],
      }),
  );
const commitToConsume = () =>
  metricOnce(
    'eventing_commit_to_consume_seconds',
    () =>
      new Histogram({
        name: 'eventing_commit_to_consume_seconds',
        help: 'From the event occurred_at (set in the producing transaction) to the end of its handling',
        labelNames: ['app', 'topic'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      }),
  );

/** The metrics of one app, with its `app` label bound. */
export class EventingMetrics {
  constructor(private readonly app: string) {}

  appended(topic: string, count = 1): void {
    appended().inc({ app: this.app, topic }, count);
  }

  published(topic: string, count = 1): void {
    published().inc({ app: this.app, topic }, count);
  }

  consumed(topic: string, occurredAt: string): void {
    consumed().inc({ app: this.app, topic });
    const ageMs = Date.now() - Date.parse(occurredAt);
    if (Number.isFinite(ageMs) && ageMs >= 0) commitToConsume().observe({ app: this.app, topic }, ageMs / 1000);
  }

  duplicate(topic: string): void {
    duplicates().inc({ app: this.app, topic });
  }

  deadLettered(topic: string): void {
    deadLettered().inc({ app: this.app, topic });
  }

  outboxDeadLettered(topic: string, reason: string): void {
    outboxDeadLettered().inc({ app: this.app, topic, reason });
  }

  relayLag(seconds: number): void {
    relayLag().set({ app: this.app }, seconds);
  }

  transportUp(up: boolean): void {
    transportUp().set({ app: this.app }, up ? 1 : 0);
  }
}
