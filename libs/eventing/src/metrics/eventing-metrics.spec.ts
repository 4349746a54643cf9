import { register } from 'prom-client';
import { EventingMetrics } from './eventing-metrics';

describe('EventingMetrics', () => {
  it('lets several apps of one process share the metrics, told apart by the app label', async () => {
    const auth = new EventingMetrics('auth');
    const platform = new EventingMetrics('platform');

    auth.appended('platform.company.v1');
    platform.appended('platform.company.v1', 2);
    new EventingMetrics('auth').appended('platform.company.v1');

    const metric = await register.getSingleMetric('eventing_events_appended_total')!.get();
    const byApp = Object.fromEntries(metric.values.map((v) => [v.labels.app, v.value]));
    expect(byApp).toMatchObject({ auth: 2, platform: 2 });
  });

  it('observes commit-to-consume latency from occurred_at, ignoring unparseable instants', async () => {
    const metrics = new EventingMetrics('messaging');
    metrics.consumed('platform.company.v1', new Date(Date.now() - 1500).toISOString());
    metrics.consumed('platform.company.v1', 'not a date');

    const histogram = await register.getSingleMetric('eventing_commit_to_consume_seconds')!.get();
    const count = histogram.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'eventing_commit_to_consume_seconds_count' && v.labels.app === 'messaging',
    );
    expect(count?.value).toBe(1);
  });

  it('counts outbox events set aside by app, topic and reason', async () => {
    const metrics = new EventingMetrics('webhook-dispatch');
    metrics.outboxDeadLettered('platform.user.v1', 'lone_surrogate');
    metrics.outboxDeadLettered('platform.user.v1', 'lone_surrogate');
    metrics.outboxDeadLettered('platform.user.v1', 'refused_by_transport');

    const counter = await register.getSingleMetric('eventing_outbox_dead_lettered_total')!.get();
    const mine = counter.values.filter((v) => v.labels.app === 'webhook-dispatch');
    expect(mine.map((v) => [v.labels.topic, v.labels.reason, v.value])).toEqual([
      ['platform.user.v1', 'lone_surrogate', 2],
      ['platform.user.v1', 'refused_by_transport', 1],
    ]);
  });
});
