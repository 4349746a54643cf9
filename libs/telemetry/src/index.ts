// Traces exported over OTLP (decision 0046). Light on purpose: an entry point imports it before
// anything else, and the SDK itself is loaded only when tracing is on (start-tracing.ts).
export { startTracing, shutdownTracing } from './start-tracing';
export { setAppOfWork, appOfWork } from './app-of-work';
export { tracingWanted, otlpProtocolOf } from './tracing-settings';
export {
  activeTraceparent,
  inChildSpan,
  spanContextOf,
  startPublishSpans,
  traceparentOf,
  tracingEnabled,
  type PublishedEvent,
  type PublishSpans,
} from './spans';
