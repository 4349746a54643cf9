import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from '@suite/webhook-dispatch-app';
import { openApiDocumentOf } from '@suite/http';
import { createTestDatabase, RawHttpConnection, type TestDatabase } from '@suite/testing';
import { routesOf, type OpenApiDocument } from './hostile/support/route-catalog';

/**
 * What every app must have, checked on all four against real PostgreSQL and Kafka: health,
 * metrics, OpenAPI, request ids, the app's own error body for unknown routes, bad JSON,
 * refused input and a request that never completes.
 */
const factories = {
  messaging: (env: NodeJS.ProcessEnv) => createMessagingApp(loadMessagingEnvironment(env)),
  auth: (env: NodeJS.ProcessEnv) => createAuthApp(loadAuthEnvironment(env)),
  platform: (env: NodeJS.ProcessEnv) => createPlatformApp(loadPlatformEnvironment(env)),
  'webhook-dispatch': (env: NodeJS.ProcessEnv) => createWebhookDispatchApp(loadWebhookDispatchEnvironment(env)),
};

/** Each API's error body, as the spec fixes it. */
const errorShape: Record<keyof typeof factories, (body: Record<string, unknown>) => void> = {
  messaging: (body) => expect(body).toEqual({ error: expect.any(String) }),
  auth: (body) =>
    expect(body).toEqual({ error: expect.any(String), error_description: expect.any(String), message: expect.any(String) }),
  platform: (body) => expect(body).toEqual({ success: false, message: expect.any(String), errors: expect.any(Object) }),
  'webhook-dispatch': (body) => expect(body).toEqual({ success: false, message: expect.any(String), errors: expect.any(Object) }),
};

describe.each(Object.keys(factories) as Array<keyof typeof factories>)('%s app', (name) => {
  let database: TestDatabase;
  let app: INestApplication;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase(`basics_${name.replace('-', '_')}`);
    env = {
      ...process.env,
      DATABASE_URL: database.url,
      KAFKA_TOPIC_PREFIX: `basics-${name}-${Date.now()}.`,
      INTERNAL_API_TOKEN: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      PORT: '0',
      HTTP_REQUEST_TIMEOUT_MS: '500',
    };
    app = await factories[name](env);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers liveness and readiness (database and Kafka up)', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200);
    const ready = await request(app.getHttpServer()).get('/health/ready').expect(200);
    expect(ready.body.details.database.status).toBe('up');
    expect(ready.body.details.events.status).toBe('up');
    expect(ready.body.details.events.transport.kind).toBe('kafka');
  });

  it('serves Prometheus metrics including its own request histogram', async () => {
    await request(app.getHttpServer()).get('/health/live');
    const metrics = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
    expect(metrics.text).toContain(
      `http_request_duration_seconds_count{app="${name}",method="GET",route="/health/live",status="200"}`,
    );
  });

  it('serves its OpenAPI document and UI', async () => {
    const document = await request(app.getHttpServer()).get('/docs-json').expect(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(document.body.info.title).toEqual(expect.any(String));
    await request(app.getHttpServer()).get('/docs').expect(200).expect('content-type', /html/);
  });

  it('serves the document the preview build makes without a database (the typed-client check builds it so)', async () => {
    const served = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body;
    await expect(openApiDocumentOf(() => factories[name](env))).resolves.toEqual(served);
  });

  it('documents every route it serves, or lists it among those the hostile suite attacks without a document', async () => {
    const document = (await request(app.getHttpServer()).get('/docs-json').expect(200)).body as OpenApiDocument;
    const known = new Set(routesOf(name, document).map((route) => `${route.method} ${route.path}`));
    const served = servedRoutes(app);
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !known.has(route))).toEqual([]);
  });

  it('echoes a sane x-request-id, replaces a malformed one, and continues the trace', async () => {
    const kept = await request(app.getHttpServer()).get('/health/live').set('x-request-id', 'req-123');
    expect(kept.headers['x-request-id']).toBe('req-123');
    const replaced = await request(app.getHttpServer()).get('/health/live').set('x-request-id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const traced = await request(app.getHttpServer()).get('/health/live').set('traceparent', parent);
    expect(traced.headers.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
  });

  it('finds a route with a trailing slash too', async () => {
    await request(app.getHttpServer()).get('/health/live/').expect(200);
  });

  it('answers an unknown route with 404 in its own error body', async () => {
    const response = await request(app.getHttpServer()).get('/no/such/route').expect(404);
    errorShape[name](response.body);
  });

  it('refuses malformed JSON with 400 in its own error body, and never with a 500', async () => {
    const response = await request(app.getHttpServer())
      .post('/internal/anything')
      .set('content-type', 'application/json')
      .send('{"broken":');
    expect(response.status).toBe(400);
    errorShape[name](response.body);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await request(app.getHttpServer())
      .post('/internal/anything')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    errorShape[name](response.body);
  });

  it('answers a body that never completes with 408 in its own error body after HTTP_REQUEST_TIMEOUT_MS', async () => {
    await app.listen(0, '127.0.0.1');
    const connection = await RawHttpConnection.open((app.getHttpServer().address() as AddressInfo).port);
    try {
      await connection.write(
        'POST /internal/anything HTTP/1.1\r\nHost: app\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"partial":',
      );
      const answer = await connection.response(5000);
      expect(answer.status).toBe(408);
      errorShape[name](JSON.parse(answer.body));
      await expect(connection.closed).resolves.toEqual({});
    } finally {
      connection.destroy();
    }
  });
});

/** Every route the app's controllers declare (`GET /v1/messages/{id}`), read from Nest's own metadata. */
function servedRoutes(app: INestApplication): string[] {
  const routes: string[] = [];
  const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);
  const join = (...parts: string[]) =>
    `/${parts
      .flatMap((part) => part.split('/'))
      .filter(Boolean)
      .join('/')}`;
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined)
          continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const prefix of prefixes) {
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler)))
            routes.push(`${method} ${join(prefix, path).replace(/:([A-Za-z_]+)/g, '{$1}')}`);
        }
      }
    }
  }
  return [...new Set(routes)].sort();
}
