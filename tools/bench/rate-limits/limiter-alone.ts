import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { PostgresBucketLeaseStore, RATE_LIMIT_ENTITIES, RateLimitGuard, RateLimiter, type Principal } from '@suite/authz';
import { SnakeNamingStrategy } from '@suite/database';
import { CpuMeter, cpuPerRequest, type CpuPerRequest } from '../messaging/process-cpu';

/** The RateLimitGuard's header writes, on a stand-in with Fastify's reply.header() bookkeeping (a lower-cased map). */
class HeaderSink {
  private readonly headers: Record<string, string | number> = {};
  header(name: string, value: string | number): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
}

/** What RateLimitGuard reads of a request: its handler and class (for the route's class), the principal, the reply. */
function contextOf(request: { method: string; user: Principal }, reply: HeaderSink): ExecutionContext {
  const handler = function list(): void {};
  class MessagesController {}
  return {
    getHandler: () => handler,
    getClass: () => MessagesController,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply, getNext: () => undefined }),
  } as unknown as ExecutionContext;
}

/**
 * The limiter alone, in this process, on the limited app's database: `count` requests of one API
 * key through RateLimitGuard (the route's class looked up, the decision, the four fields written),
 * one at a time as requests of one connection arrive, with budgets never reached so every one takes
 * the admitted path. CPU per request in this process and in the PostgreSQL backends (the leases'
 * statements), read from /proc like the apps'. What it leaves out: Nest calling one more guard, and
 * Fastify's own header bookkeeping beyond the map written here.
 */
export async function limiterCostPerRequest(databaseUrl: string, count: number): Promise<CpuPerRequest> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: 'messaging',
    entities: RATE_LIMIT_ENTITIES,
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: 2 },
  });
  await dataSource.initialize();
  const budget = { perCredential: 10_000_000, perCompany: 10_000_000 };
  const limiter = new RateLimiter({
    policy: { send: budget, read: budget, write: budget },
    store: new PostgresBucketLeaseStore(dataSource),
    logger: { warn: (message) => console.warn(message) },
  });
  const principal: Principal = { via: 'api_key', companyId: '900000001', userId: null, scopes: [], credentialId: 'bench-key' };
  const guard = new RateLimitGuard(new Reflector(), limiter);
  const context = contextOf({ method: 'GET', user: principal }, new HeaderSink());
  try {
    for (let index = 0; index < 1000; index++) await guard.canActivate(context);
    const meter = await CpuMeter.start(process.pid, databaseUrl);
    const before = meter.snapshot();
    for (let index = 0; index < count; index++) await guard.canActivate(context);
    return cpuPerRequest(before, meter.snapshot(), count);
  } finally {
    await limiter.onModuleDestroy();
    await dataSource.destroy();
  }
}
