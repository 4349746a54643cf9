import { startTracing } from '@suite/telemetry';

// Before anything it instruments is loaded (main.ts imports this first): traces over OTLP when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, nothing otherwise (decision 0046).
startTracing('messaging');
