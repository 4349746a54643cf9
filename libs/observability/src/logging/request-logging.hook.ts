import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { traceIdOf } from '../tracing/trace-context';
import '../tracing/request-trace-context.hook';

/** Health and metrics probes every few seconds would drown the useful lines. */
const UNLOGGED_PATHS = /^\/(health|metrics)/;

/**
 * One line per request, written when its answer has gone out: `req` (id, method, url, allowed
 * headers — requestLogFields), `res` (status and headers as sent), `responseTime` in ms and the
 * trace id. 5xx answers are logged at error level as "request errored", aborted requests as
 * "request aborted". Nothing is built per request unless a line is written: no child logger, no
 * serialised bindings (pino-http built both for every request, whether or not it logged).
 */
export function registerRequestLogging(instance: FastifyInstance, logger: Logger): void {
  instance.addHook('onResponse', (request, reply, done) => {
    if (!UNLOGGED_PATHS.test(request.url)) {
      const failed = reply.statusCode >= 500;
      const level = failed ? 'error' : 'info';
      if (logger.isLevelEnabled(level))
        logger[level](requestLine(request, reply), failed ? 'request errored' : 'request completed');
    }
    done();
  });
  instance.addHook('onRequestAbort', (request, done) => {
    if (!UNLOGGED_PATHS.test(request.url) && logger.isLevelEnabled('info')) {
      logger.info({ req: request, trace_id: traceIdOf(request.traceparent) }, 'request aborted');
    }
    done();
  });
}

function requestLine(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  return {
    // The root logger's `req` serializer (requestLogFields) keeps the allowed fields only.
    req: request,
    res: { statusCode: reply.statusCode, headers: reply.getHeaders() },
    responseTime: Math.round(reply.elapsedTime),
    // From the request, not the async context: a line never depends on where the hook runs.
    trace_id: traceIdOf(request.traceparent),
  };
}
