// Test-only: an app of nothing but eventing and the health routes, to call its probes as Kubernetes does.
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthModule } from '@suite/observability';
import { eventingEntities } from '../entities/eventing-entities';
import { EventingHealth } from '../health/eventing-health';
import type { EventingModuleOptions } from '../nest/eventing-module-options';
import { EventingModule } from '../nest/eventing.module';
import { CounterEntitySchema } from './eventing-test-fixture';

@Module({})
class HealthTestModule {}

export interface ProbeAnswer<B> {
  status: number;
  /** From the request to the whole answer. */
  ms: number;
  body: B;
}

/** The app, initialised (eventing started), on `schema` of the database at `url`; `probe(path)` answers a GET. */
export async function startHealthTestApp(
  url: string,
  eventing: EventingModuleOptions,
): Promise<{ app: INestApplication; probe<B = Record<string, unknown>>(path: string): Promise<ProbeAnswer<B>> }> {
  const app = await NestFactory.create<NestFastifyApplication>(
    {
      module: HealthTestModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url,
          schema: eventing.schema,
          entities: [...eventingEntities, CounterEntitySchema],
        }),
        EventingModule.forRoot(eventing),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
      ],
    },
    new FastifyAdapter(),
    { logger: false },
  );
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const probe = async <B>(path: string): Promise<ProbeAnswer<B>> => {
    const started = performance.now();
    const response = await fastify.inject({ method: 'GET', url: path });
    return { status: response.statusCode, ms: performance.now() - started, body: response.json() as B };
  };
  return { app, probe };
}
