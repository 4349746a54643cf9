import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { childTraceparent, currentTraceparent, isValidTraceparent, runWithTraceContext, traceIdOf } from '../tracing/trace-context';

/** Paths pino replaces with "[redacted]": credentials in headers and secrets in bodies or objects. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.client_secret',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.api_key',
  '*.secret',
];

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type TracedRequest = IncomingMessage & { id?: string; traceparent?: string };

/**
 * Request headers a request's log lines carry: what helps to find a caller or a client bug, and
 * never a credential. An allow-list, not every header: pino-http serialises the request into the
 * bindings of a per-request child logger as the request arrives, whether or not a line is ever
 * written, and all headers with their redaction were ~4 % of the messaging send path's CPU.
 * Credentials (authorization, x-api-key, cookie, x-internal-token) are not on the list; the
 * redaction below still guards every other object that is logged.
 */
export const LOGGED_REQUEST_HEADERS = ['user-agent', 'content-type', 'content-length', 'x-forwarded-for', 'referer'] as const;

/** The `req` of a request's log lines: id, method, url and the allowed headers. */
export function requestLogFields(req: { id?: unknown; method?: string; url?: string; headers?: Record<string, unknown> }): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const name of LOGGED_REQUEST_HEADERS) {
    const value = req.headers?.[name];
    if (value !== undefined) headers[name] = value;
  }
  return { id: req.id, method: req.method, url: req.url, headers };
}

/** The request's id: the gateway's `x-request-id` when it is sane, else a new uuid. */
export function requestIdFor(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * JSON logs with one line per request. The request id comes from `x-request-id` when the
 * gateway set a sane one, else a new uuid; it is echoed back so callers can quote it.
 * The W3C `traceparent` is continued (or started) and put into the async context, so events
 * written while handling the request carry it.
 */
export function loggerModule(appName: string, level: string) {
  return LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(appName, level), forRoutes: ['*path'] });
}

/** pino-http's options (pino's with them): exported so a test can drive the same middleware. */
export function pinoHttpOptions(appName: string, level: string): PinoHttpOptions {
  return {
    level,
    name: appName,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // In the apps Fastify has assigned the id already (create-app.ts, with requestIdFor) and
    // pino-http takes it; this is for a plain node:http server.
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req);
      res.setHeader('x-request-id', id);
      return id;
    },
    // The trace id of whatever is running — a request, or an event handled under its trace
    // context — added when a line is written. (pino-http's customProps would build another child
    // logger per request, twice, whether or not anything is logged.)
    mixin: traceIdMixin,
    // Health and metrics probes every few seconds would drown the useful lines.
    autoLogging: { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') },
    // Our serializers take the raw request and response directly: wrapped (pino-http's default),
    // pino-std-serializers would first copy every request into its own shape — all headers,
    // query, socket address — on every request, only for requestLogFields to pick five fields.
    wrapSerializers: false,
    serializers: { req: requestLogFields, res: pino.stdSerializers.res, err: pino.stdSerializers.err },
  };
}

/** `{trace_id}` of the current trace context, for every log line written inside one. */
export function traceIdMixin(): { trace_id?: string } {
  const traceparent = currentTraceparent();
  return traceparent ? { trace_id: traceIdOf(traceparent) } : {};
}

/**
 * Middleware (node:http request and response; middie runs it in the apps) that runs the rest of
 * the request inside a trace context. It must run
 * before pino-http so the log line can carry the trace id.
 */
export function traceContextMiddleware(req: TracedRequest, res: ServerResponse, next: () => void): void {
  const incoming = req.headers['traceparent'];
  const traceparent = childTraceparent(typeof incoming === 'string' && isValidTraceparent(incoming) ? incoming : null);
  req.traceparent = traceparent;
  res.setHeader('traceparent', traceparent);
  runWithTraceContext({ traceparent }, next);
}
