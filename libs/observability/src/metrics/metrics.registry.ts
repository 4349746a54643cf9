import { collectDefaultMetrics, Histogram, register, type Metric } from 'prom-client';

/**
 * One prom-client registry per process. In embedded mode four apps share a process, so
 * default metrics are collected once and every app-level metric carries an `app` label;
 * `metricOnce` returns the existing metric instead of registering a second one.
 */
let defaultsCollected = false;

export function ensureDefaultMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register });
}

export function metricOnce<T extends Metric<string>>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export const httpRequestDuration = () =>
  metricOnce(
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'HTTP request duration by app, method, route template and status code',
        labelNames: ['app', 'method', 'route', 'status'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  );

export { register as metricsRegistry };
