// What an app tells about itself: JSON logs with redaction and request/trace ids, the W3C trace context,
// Prometheus metrics and the liveness/readiness endpoints.
export * from './tracing/trace-context';
export * from './logging/logger.module';
export * from './health/health.module';
export * from './health/readiness-check';
export * from './metrics/metrics.module';
export * from './metrics/metrics.registry';
export * from './logging/log-format';
export { flushLogs, prettyLogStream } from './logging/pretty-log-stream';
export { registerRequestLogging } from './logging/request-logging.hook';
export { registerRequestTraceContext } from './tracing/request-trace-context.hook';
export { AppLogScope, appRoutedNestLogger, runInAppLogScope } from './logging/app-log-context';
export { registerHttpMetrics } from './metrics/http-metrics.hook';
