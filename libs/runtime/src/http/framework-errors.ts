import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiFailure, ErrorBodyFormatter } from '../errors/api-exception.filter';

/** Longest path parameter the router takes (Fastify's default); a longer one is a 414. */
export const MAX_PATH_PARAM_LENGTH = 100;

/**
 * Failures Fastify answers before any route, hook or exception filter runs — a path that is
 * not valid percent-encoding, a path parameter over the router's limit, headers too large, a
 * request that is not HTTP or not received in time. Left to Fastify they came in its own
 * `{error, message, statusCode, code}`; here they go through the app's error formatter, so a
 * client meets one error shape per API whatever broke.
 */
export function frameworkErrorOptions(format: ErrorBodyFormatter): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply) => {
      const failure = routingFailure(error.code);
      const { body, headers } = format(failure);
      void reply.code(failure.status).headers(headers ?? {}).send(body);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      // A reset connection has nobody to answer (Node's own handler does the same).
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(rawHttpAnswer(format, connectionFailure(error.code)));
      socket.destroy(error);
    },
  };
}

function routingFailure(code: string | undefined): ApiFailure {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return failure(400, 'The request path is not valid: a percent-encoded part of it is not UTF-8 (such as %C3%28, or a bare %).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return failure(414, `A path segment is longer than ${MAX_PATH_PARAM_LENGTH} characters.`);
    default:
      return failure(400, 'The request could not be routed.');
  }
}

function connectionFailure(code: string | undefined): ApiFailure {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return failure(408, 'The request was not received in time.');
    case 'HPE_HEADER_OVERFLOW':
      return failure(431, 'The request headers are too large.');
    default:
      return failure(400, 'The request is not valid HTTP.');
  }
}

const failure = (status: number, message: string): ApiFailure => ({ status, message, fields: {} });

/** A whole HTTP/1.1 answer for a socket no Fastify reply exists for; the connection closes after it. */
function rawHttpAnswer(format: ErrorBodyFormatter, failure: ApiFailure): string {
  const { body, headers } = format(failure);
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    ...Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}
