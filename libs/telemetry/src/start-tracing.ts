import { markTracingEnabled } from './spans';
import { tracingWanted } from './tracing-settings';

interface RunningSdk {
  shutdown(): Promise<void>;
}

let sdk: RunningSdk | null = null;

/**
 * Starts the OpenTelemetry SDK when the environment asks for traces (tracing-settings.ts) and does
 * nothing otherwise: the SDK and its instrumentations are not even loaded, so tracing off costs
 * nothing. Call it first thing in an entry point (an app's `main.ts`, the embedded launcher),
 * before the modules it instruments (http, Nest, pg, kafkajs) are loaded. `processName` is the
 * service.name of spans started outside every app.
 */
export function startTracing(processName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk || !tracingWanted(env)) return sdk !== null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { startNodeSdk } = require('./sdk/node-sdk') as typeof import('./sdk/node-sdk');
  sdk = startNodeSdk(processName, env);
  markTracingEnabled();
  return true;
}

/** Exports the spans still queued and stops the SDK; at most `timeoutMs`. Nothing to do with tracing off. */
export async function shutdownTracing(timeoutMs = 5000): Promise<void> {
  const running = sdk;
  if (!running) return;
  sdk = null;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    running.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
