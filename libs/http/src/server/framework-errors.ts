import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ApiFailure, ErrorBodyFormatter } from '../errors/api-exception.filter';

/** Longest path parameter the router takes (Fastify's default); a longer one is a 414. */
export const MAX_PATH_PARAM_LENGTH = 100;

/**
 * Failures Fastify's router answers before any route, hook or exception filter runs — a path
 * that is not valid percent-encoding, a path parameter over the router's limit. Left to Fastify
 * they came in its own `{error, message, statusCode, code}`; here they go through the app's error
 * formatter, so a client meets one error shape per API whatever broke. (What Node refuses before
 * the router — headers too large, a request not received in time, broken HTTP — is
 * http-server-settings.ts's clientErrorHandler.)
 */
export function routingErrorHandler(format: ErrorBodyFormatter): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply) => {
    const failure = routingFailure(error.code);
    const { body, headers } = format(failure);
    void reply
      .code(failure.status)
      .headers(headers ?? {})
      .send(body);
  };
}

function routingFailure(code: string | undefined): ApiFailure {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return failure(
        400,
        'The request path is not valid: a percent-encoded part of it is not UTF-8 (such as %C3%28, or a bare %).',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return failure(414, `A path segment is longer than ${MAX_PATH_PARAM_LENGTH} characters.`);
    default:
      return failure(400, 'The request could not be routed.');
  }
}

const failure = (status: number, message: string): ApiFailure => ({ status, message, fields: {} });
