import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { shutdownTracing } from '@suite/telemetry';
import { HttpConnections } from '../server/http-connections';

/** How long a drained connection may stay quiet (nothing read, nothing in progress) before it is closed. */
const QUIET_CLOSE_MS = 1000;
const SWEEP_INTERVAL_MS = 50;

/**
 * Stops accepting connections and lets the open ones finish: every request in progress, or
 * arriving on a connection already open, is answered, with `Connection: close`, and its
 * connection closed after the answer. A connection that stays quiet for a second — no answer in
 * progress, nothing read — is closed. Whatever is still open after `timeoutMs` is cut.
 *
 * Why not `http.Server#close` alone: since Node 19 it also destroys at once every connection its
 * parser has seen nothing of. A keep-alive connection
 * whose next request the client has already sent, or a new connection whose first request has
 * not been read yet (the event loop was busy), looks idle to the parser; destroying it with
 * unread bytes makes the kernel send a reset, and the client gets ECONNRESET for a request it
 * sent before the shutdown began. Closing only the listening socket (`net.Server#close`) leaves
 * the connections to `HttpConnections`, which counts bytes read as activity.
 */
export async function drainHttp(app: INestApplication, timeoutMs: number): Promise<void> {
  const server = app.getHttpServer() as Server;
  if (!server.listening) return;
  const connections = HttpConnections.of(server);
  connections.beginDrain();
  // Closing the listening socket resets the connections the kernel has queued and Node has not
  // accepted yet. Let one turn of the event loop accept those already there (handshake done
  // before the signal) first.
  await new Promise((resolve) => setImmediate(resolve));
  const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const sweeper = setInterval(() => connections.closeQuiet(Math.min(QUIET_CLOSE_MS, timeoutMs)), SWEEP_INTERVAL_MS);
  const deadline = setTimeout(() => {
    connections.closeAll();
    server.closeAllConnections();
  }, timeoutMs);
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

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Runs `stop` once on the first SIGTERM, SIGINT or SIGHUP (its terminal closed), then exits. A
 * second signal forces exit, so Ctrl-C twice always gets the terminal back.
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
    stop()
      .then(
        () => 0,
        (error: unknown) => {
          log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
          return 1;
        },
      )
      // The spans of the last requests and events go out before the process does (tracing on only).
      .then(async (code) => {
        await shutdownTracing();
        process.exit(code);
      });
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, handler);
}
