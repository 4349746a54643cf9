import { Logger as NestLogger, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ANSWER_RECORDING_VARIABLE } from '@suite/contracts';
import { ApiExceptionFilter, type ErrorBodyFormatter } from '../errors/api-exception.filter';
import { registerBodyParsers } from '../server/body-parsers';
import { registerFileUploads, type FileUploadOptions } from '../server/file-uploads';
import { routingErrorHandler, MAX_PATH_PARAM_LENGTH } from '../server/framework-errors';
import { clientErrorHandler, configureHttpServer } from '../server/http-server-settings';
import { registerUntrustedRequestCheck } from '../server/untrusted-request.hook';
import {
  AppLogScope,
  appRoutedNestLogger,
  runInAppLogScope,
  requestIdFor,
  ROOT_LOGGER,
  registerRequestLogging,
  registerHttpMetrics,
  registerRequestTraceContext,
} from '@suite/observability';
import { registerAnswerRecording } from '../openapi/answer-recording.hook';
import { documentPreview } from '../openapi/document-preview';
import { buildOpenApiDocument, type OpenApiOptions } from '../openapi/openapi-document';
import { setupOpenApi } from '../openapi/setup-openapi';
import { createValidationPipe } from '../validation/request-validation';

export interface CreateAppOptions {
  appName: string;
  openApi: OpenApiOptions;
  formatError: ErrorBodyFormatter;
  /** Largest body accepted, in bytes (default 1 MiB); larger ones get 413 in the API's error shape. */
  bodyLimitBytes?: number;
  /**
   * Routes that take larger bodies than `bodyLimitBytes` (messaging's email send carries base64
   * attachments): a path prefix and its own limit. Every other route keeps `bodyLimitBytes`.
   */
  largeBodyRoutes?: ReadonlyArray<{ path: string; limitBytes: number }>;
  /**
   * Path prefixes whose bodies are kept as the raw bytes (`request.body` is a Buffer, whatever
   * the content type) and never parsed: signed webhooks, whose signature covers the bytes as
   * sent, not a re-serialisation of parsed JSON. Limited by `bodyLimitBytes`.
   */
  rawBodyRoutes?: readonly string[];
  /** Routes that also take one file as multipart/form-data (http/file-uploads.ts); every other route refuses multipart (415). */
  fileUploads?: FileUploadOptions;
  /**
   * Proxies whose X-Forwarded-For sets `request.ip` (the app's TRUSTED_PROXIES: IPs or CIDR
   * ranges). Empty or unset: no forwarded header is believed.
   */
  trustedProxies?: readonly string[];
}

const MIB = 1024 * 1024;

/**
 * Builds and initialises (but does not start listening) one app with everything every app has:
 * logs with request and trace ids, the global ValidationPipe, the API's error shape,
 * metrics, OpenAPI. Initialised means Fastify is ready too, so the app's server can be handed
 * to a test client (supertest) without `listen`; a later `app.init()` is a no-op.
 * Every app runs on Fastify (decision 0017): its router and body handling cost a fraction of
 * Express's on the hot send path. Signal handling is left to the caller (see
 * graceful-shutdown.ts): a standalone process and the embedded launcher stop apps in different orders.
 */
export async function createApp(module: Type<unknown> | DynamicModule, options: CreateAppOptions): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimitBytes ?? MIB,
    // request.ip: X-Forwarded-For is believed from the configured proxies only (TRUSTED_PROXIES).
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    // `/v1/messages/` finds `/v1/messages`, as it did on Express; paths stay case-sensitive.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    // A bad percent-encoding or an over-long path parameter: the API's error shape too.
    frameworkErrors: routingErrorHandler(options.formatError),
    // The request id: the gateway's x-request-id when sane, else a uuid.
    genReqId: requestIdFor,
    // No `logger` (Fastify's would build a child logger per request): request-logging.hook.ts writes one line per request.
    // A request that never completes (or is not HTTP) gets 408 (or 400, 431) in the API's error body.
    clientErrorHandler: clientErrorHandler(options.formatError),
  });
  // The app is built, initialised and later listens and stops in its own log scope: Nest's
  // Logger, one per process, writes there under the app's name (app-log-context.ts).
  const logScope = new AppLogScope(options.appName);
  return runInAppLogScope(logScope, async () => {
    const preview = documentPreview();
    const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
      logger: appRoutedNestLogger,
      abortOnError: false,
      bodyParser: false,
      // openApiDocumentOf: scan the modules without instantiating a provider (no database, no broker).
      ...(preview ? { preview: true, logger: false } : {}),
    }).catch((error: unknown) => {
      logScope.abandon();
      throw error;
    });
    let document: OpenAPIObject | undefined;
    const openApiDocument = () => (document ??= buildOpenApiDocument(app, options.openApi));
    if (preview) {
      logScope.abandon();
      preview.document = openApiDocument();
      return app;
    }
    logScope.bind(app.get(Logger));
    // Request, header and keep-alive timeouts from the app's environment; connections tracked for the drain.
    configureHttpServer(app);
    const instance = app.getHttpAdapter().getInstance();
    // First: everything after it, body parsing included, runs in the request's trace context.
    registerRequestTraceContext(instance);
    registerUntrustedRequestCheck(instance);
    registerBodyParsers(instance, { rawBodyRoutes: options.rawBodyRoutes ?? [], largeBodyRoutes: options.largeBodyRoutes ?? [] });
    if (options.fileUploads) await registerFileUploads(instance, options.fileUploads);
    registerRequestLogging(instance, app.get(ROOT_LOGGER));
    registerHttpMetrics(instance, options.appName);
    // Integration tests only: a sample of the answers, checked against the document at the end of the run (decision 0026).
    const answersDir = process.env[ANSWER_RECORDING_VARIABLE];
    if (answersDir && options.openApi.errorBody) {
      registerAnswerRecording(instance, { appName: options.appName, dir: answersDir, document: openApiDocument });
    }
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new ApiExceptionFilter(options.formatError));
    setupOpenApi(app, openApiDocument);
    try {
      await app.init();
      await instance.ready();
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    return app;
  });
}

/**
 * Runs `fn` as the app's own work: the lines Nest's Logger writes in it, and in what it starts,
 * carry the app's name even with other apps in the process (the embedded launcher's shutdown).
 */
export function runInAppContext<T>(app: INestApplication, fn: () => T): T {
  return runInAppLogScope(AppLogScope.of(app.get(Logger)), fn);
}

/** Listens in the app's context: its connections, and so its requests, inherit it. */
export async function listen(app: INestApplication, port: number, host: string, appName: string): Promise<string> {
  return runInAppContext(app, async () => {
    await app.listen(port, host);
    const url = await app.getUrl();
    new NestLogger('NestApplication').log(`${appName} listening on ${url.replace('[::1]', '127.0.0.1')}`);
    return url;
  });
}
