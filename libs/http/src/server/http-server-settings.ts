import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BaseEnvironment } from '@suite/config';
import type { ErrorBodyFormatter } from '../errors/api-exception.filter';
import { HttpConnections } from './http-connections';

type HttpTimeouts = Pick<BaseEnvironment, 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'>;

/**
 * Gives an app's HTTP server (before `listen`) the timeouts of its environment and tracks its
 * connections for the drain at shutdown. Fastify's defaults would let a request whose body never
 * completes hold its connection for ever (`requestTimeout` 0), and Node checks the timeouts only
 * every 30 s; here the check runs at a tenth of the shortest timeout (at most every second).
 */
export function configureHttpServer(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  const env = environmentOf(app);
  server.requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS;
  server.headersTimeout = Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS);
  server.keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  // Node reads it when the server starts listening (an http.createServer option its typings lack as a property).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    Math.max(25, Math.floor(server.headersTimeout / 10)),
  );
  HttpConnections.of(server);
}

/** The app's validated environment (BaseEnvironment, registered by coreModules); the defaults for what it lacks. */
function environmentOf(app: INestApplication): HttpTimeouts {
  const defaults: HttpTimeouts = new BaseEnvironment();
  let env: Partial<HttpTimeouts> = {};
  try {
    env = app.get<Partial<HttpTimeouts>>(BaseEnvironment);
  } catch {
    // Not registered: defaults only.
  }
  return {
    HTTP_REQUEST_TIMEOUT_MS: env.HTTP_REQUEST_TIMEOUT_MS ?? defaults.HTTP_REQUEST_TIMEOUT_MS,
    HTTP_HEADERS_TIMEOUT_MS: env.HTTP_HEADERS_TIMEOUT_MS ?? defaults.HTTP_HEADERS_TIMEOUT_MS,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? defaults.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

/** What Node reports on a connection (`clientError`), as the status the client gets. */
const STATUS_BY_ERROR: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
};
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler`: a request that did not arrive in time (HTTP_REQUEST_TIMEOUT_MS,
 * HTTP_HEADERS_TIMEOUT_MS), or that is not valid HTTP, is answered in the API's own error body
 * (408, 431 or 400) and its connection closed. Nothing is written on a connection the client has
 * already closed, or in the middle of an answer already being sent (pipelining, as Node checks);
 * the connection is then only closed. A body cut off by the timeout fails its body parser with
 * a 408 body error (which the exception filter answers, as it does a 413), not with Node's
 * "aborted", which would be logged as an unhandled error.
 */
export function clientErrorHandler(
  format: ErrorBodyFormatter,
): (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) => void {
  return function answer(this: FastifyInstance, error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = STATUS_BY_ERROR[error.code ?? ''] ?? MALFORMED;
    const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      const { body, headers } = format({ status, message, fields: {} });
      const payload = JSON.stringify(body);
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(payload)}`,
        'Connection: close',
        ...Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    }
    if (status === 408) {
      // Destroying an unfinished request destroys its socket too: after the answer is written.
      const timedOut = Object.assign(new Error(message), { status, type: 'request.timeout' });
      for (const request of HttpConnections.of(this.server).unfinishedRequests(socket)) request.destroy(timedOut);
    }
    socket.destroy();
  };
}
