import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/**
 * Stops accepting connections and waits for in-flight requests to finish; connections still
 * busy after `timeoutMs` are cut. Idle keep-alive connections are closed at once.
 */
export async function drainHttp(app: INestApplication, timeoutMs: number): Promise<void> {
  const server = app.getHttpServer() as Server;
  if (!server.listening) return;
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection turns idle when its request finishes; close it then, rather than
  // waiting for the client or the keep-alive timeout.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await drained;
  clearInterval(sweeper);
  clearTimeout(deadline);
}

/**
 * Stops one app in the order that loses nothing: drain HTTP, then close the Nest app, whose
 * shutdown hooks stop the event consumers after their current batch and flush the outbox
 * relay, then close the database pool.
 */
export async function stopApp(app: INestApplication, timeoutMs: number): Promise<void> {
  await drainHttp(app, timeoutMs);
  await app.close();
}

/**
 * Runs `stop` once on the first SIGTERM or SIGINT, then exits. A second signal forces exit,
 * so Ctrl-C twice always gets the terminal back.
 */
export function onShutdownSignal(stop: () => Promise<void>, log: (message: string) => void = console.error): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(130);
    }
    stopping = true;
    log(`${signal} received: shutting down`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
