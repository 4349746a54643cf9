import { startTracing } from '@suite/telemetry';

// Before anything it instruments is loaded (start-embedded.ts imports this first): one SDK for the
// four apps, each span under its own app's service.name; `suite` for spans outside every app (decision 0046).
startTracing('suite');
