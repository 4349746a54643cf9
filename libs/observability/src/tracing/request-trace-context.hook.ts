import type { FastifyInstance } from 'fastify';
import { activeTraceparent } from '@suite/telemetry';
import { childTraceparent, isValidTraceparent, runWithTraceContext } from './trace-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's W3C traceparent: the caller's trace continued with a new span, or a new trace. */
    traceparent: string;
  }
}

/**
 * The first thing every request does: its ids. The request id (Fastify's, from requestIdFor) is
 * echoed as `x-request-id` so callers can quote it; the caller's `traceparent` is continued (or a
 * trace started), echoed and kept on the request; and the rest of the request — hooks, body,
 * handler, the events it writes — runs inside that trace context. A POST's handler stays in it:
 * Fastify binds the end of body reading to the context it started in (an AsyncResource in its
 * content-type parser); a test sends traced concurrent POSTs and finds each trace on its own event.
 * A Fastify hook, not middleware: middie's Express-style layer cost more than the work (decision 0018).
 */
export function registerRequestTraceContext(instance: FastifyInstance): void {
  instance.decorateRequest('traceparent', '');
  instance.addHook('onRequest', (request, reply, done) => {
    // With tracing on, the HTTP instrumentation's server span already continued the caller's trace:
    // it is the request's span, so logs, events and exported spans share one trace id (decision 0046).
    const incoming = request.headers['traceparent'];
    const traceparent =
      activeTraceparent() ?? childTraceparent(typeof incoming === 'string' && isValidTraceparent(incoming) ? incoming : null);
    request.traceparent = traceparent;
    reply.header('x-request-id', request.id);
    reply.header('traceparent', traceparent);
    runWithTraceContext({ traceparent, requestId: request.id }, done);
  });
}
