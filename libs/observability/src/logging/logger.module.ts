import { Global, Module, type DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentTraceContext, traceIdOf } from '../tracing/trace-context';
import { chooseLogFormat, processLogOutput, type LogFormat } from './log-format';
import { nestLoggerFor } from './nest-logger';
import { prettyLogStream } from './pretty-log-stream';

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

/**
 * Request headers a request's log line carries: what helps to find a caller or a client bug, and
 * never a credential. An allow-list, not every header: all headers with their redaction were a
 * cost on the send path (decision 0016). Credentials (authorization, x-api-key, cookie,
 * x-internal-token) are not on the list; the redaction below still guards every other object
 * that is logged.
 */
export const LOGGED_REQUEST_HEADERS = ['user-agent', 'content-type', 'content-length', 'x-forwarded-for', 'referer'] as const;

/** The `req` of a request's log line: id, method, url and the allowed headers. */
export function requestLogFields(req: {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
}): Record<string, unknown> {
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
 * What every line written inside a unit of work carries, added when the line is written: the
 * trace id of the request or event being handled, and inside a request its id (`req.id`, as on
 * the request's own line), so one search finds every line of a request.
 */
export function logContextMixin(): { trace_id?: string; req?: { id: string } } {
  const context = currentTraceContext();
  if (!context) return {};
  return context.requestId
    ? { trace_id: traceIdOf(context.traceparent), req: { id: context.requestId } }
    : { trace_id: traceIdOf(context.traceparent) };
}

/** The app's one pino logger: credentials redacted, trace and request ids mixed in; JSON lines unless given another destination. */
export function createRootLogger(appName: string, level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    name: appName,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: logContextMixin,
    serializers: { req: requestLogFields, err: pino.stdSerializers.err },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The app's root pino logger, for what writes lines outside Nest's Logger (request-logging.hook.ts). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

@Global()
@Module({})
class RootLoggerModule {}

/**
 * The app's logging: its root logger (JSON lines, or pretty ones for a person: log-format.ts), and
 * Nest's Logger writing through nestjs-pino's Logger to it (nest-logger.ts). Requests are logged by
 * a Fastify hook (request-logging.hook.ts), not by pino-http's middleware, which built a child
 * logger per request and ran through middie (decision 0018); so nestjs-pino's LoggerModule, which
 * exists to mount that middleware, is not used.
 */
export function loggerModule(appName: string, level: string, format?: LogFormat): DynamicModule {
  const pretty = chooseLogFormat(format, processLogOutput()) === 'pretty' && level !== 'silent';
  const root = createRootLogger(appName, level, pretty ? prettyLogStream() : undefined);
  return {
    module: RootLoggerModule,
    providers: [
      { provide: ROOT_LOGGER, useValue: root },
      { provide: NestPinoLogger, useValue: nestLoggerFor(root) },
    ],
    exports: [ROOT_LOGGER, NestPinoLogger],
  };
}
