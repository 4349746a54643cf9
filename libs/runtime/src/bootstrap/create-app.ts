import { Logger as NestLogger, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage } from 'node:http';
import { Logger } from 'nestjs-pino';
import { ApiExceptionFilter, type ErrorBodyFormatter } from '../errors/api-exception.filter';
import { traceContextMiddleware } from '../logging/logger.module';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { setupOpenApi, type OpenApiOptions } from '../openapi/setup-openapi';
import { createValidationPipe } from '../validation/request-validation';

export interface CreateAppOptions {
  appName: string;
  openApi: OpenApiOptions;
  formatError: ErrorBodyFormatter;
  /** Largest JSON or form body accepted; larger ones get 413 in the API's error shape. */
  bodyLimit?: string;
  /**
   * Routes that take larger JSON bodies than `bodyLimit` (messaging's email send carries base64
   * attachments): a path prefix and its own limit. Every other route keeps `bodyLimit`.
   */
  largeBodyRoutes?: ReadonlyArray<{ path: string; limit: string }>;
  /**
   * Path prefixes whose bodies are kept as the raw bytes (`request.body` is a Buffer, whatever
   * the content type) and never parsed: signed webhooks, whose signature covers the bytes as
   * sent, not a re-serialisation of parsed JSON. Limited by `bodyLimit`.
   */
  rawBodyRoutes?: readonly string[];
}

const isJson = (request: IncomingMessage) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
const pathOf = (request: IncomingMessage) => (request.url ?? '').split('?')[0]!;
const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Builds (but does not start) one app with everything every app has: JSON logs with request
 * and trace ids, the global ValidationPipe, the API's error shape, metrics, OpenAPI.
 * Signal handling is left to the caller (see graceful-shutdown.ts): a standalone process and
 * the embedded launcher stop apps in different orders.
 */
export async function createApp(module: Type<unknown> | DynamicModule, options: CreateAppOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // No ETag on API answers: Express would hash every JSON body (SHA-1) to offer conditional GETs
  // that no client of these APIs makes, and a POST's answer is never cached (~1 % of the send path).
  app.set('etag', false);
  // Behind the ingress: trust forwarded headers only from private networks.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(traceContextMiddleware);
  app.use(httpMetricsMiddleware(options.appName));
  const limit = options.bodyLimit ?? '1mb';
  const large = options.largeBodyRoutes ?? [];
  const raw = options.rawBodyRoutes ?? [];
  const isRaw = (request: IncomingMessage) => raw.some((prefix) => underPrefix(pathOf(request), prefix));
  // Each parser picks its requests by path, so exactly one reads a given body.
  if (raw.length > 0) app.useBodyParser('raw', { limit, type: isRaw });
  for (const route of large) {
    app.useBodyParser('json', { limit: route.limit, type: (request: IncomingMessage) => isJson(request) && underPrefix(pathOf(request), route.path) });
  }
  app.useBodyParser('json', {
    limit,
    type: (request: IncomingMessage) => isJson(request) && !isRaw(request) && !large.some((route) => underPrefix(pathOf(request), route.path)),
  });
  // The raw parser runs first; a parser never reads a body another one already consumed.
  app.useBodyParser('urlencoded', { limit, extended: false });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(options.formatError));
  setupOpenApi(app, options.openApi);
  return app;
}

export async function listen(app: INestApplication, port: number, host: string, appName: string): Promise<string> {
  await app.listen(port, host);
  const url = await app.getUrl();
  new NestLogger(appName).log(`${appName} listening on ${url.replace('[::1]', '127.0.0.1')}`);
  return url;
}
