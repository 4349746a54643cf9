import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What every fake provider does with its HTTP server: listen on a free loopback port, say where, close. */

/** Listens on a free port of 127.0.0.1. */
export async function listenOnLoopback(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

/** The base URL of a server listening on loopback (`http://127.0.0.1:<port>`). */
export function loopbackUrl(server: http.Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the server, its kept-alive connections first so that the close does not wait for them. */
export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
