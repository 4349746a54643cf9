import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  Post,
  Query,
  type BeforeApplicationShutdown,
  type INestApplication,
} from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { RawHttpConnection } from '@suite/testing';
import { createApp } from '../../bootstrap/create-app';
import { BaseEnvironment, loadEnvironment } from '@suite/config';
import { loggerModule } from '@suite/observability';

/** What the probe app did, in order: requests finished, shutdown hooks run. */
export type ProbeEvents = string[];
const EVENTS = Symbol('PROBE_EVENTS');

@Controller()
class ProbeController {
  constructor(@Inject(EVENTS) private readonly events: ProbeEvents) {}

  @Get('fast')
  fast() {
    return { ok: true };
  }

  /** Answers after `ms` milliseconds. */
  @Get('slow')
  async slow(@Query('ms') ms = '400') {
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    this.events.push('request finished');
    return { ok: true };
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return { got: body };
  }
}

/** Stands in for the event consumers and relay, which stop in this hook. */
@Injectable()
class ProbeConsumers implements BeforeApplicationShutdown {
  constructor(@Inject(EVENTS) private readonly events: ProbeEvents) {}

  beforeApplicationShutdown() {
    this.events.push('consumers stopped');
  }
}

export interface ProbeApp {
  app: INestApplication;
  port: number;
  events: ProbeEvents;
  /** A raw connection to the app, destroyed by `disconnectAll`. */
  connect(): Promise<RawHttpConnection>;
  disconnectAll(): void;
}

/**
 * A small app built by `createApp`, as every app is (body parsers, error filter, timeouts,
 * connection tracking), without a database, listening on a free port of 127.0.0.1. Its error
 * body is messaging's `{ error }`.
 */
export async function startProbeApp(variables: Record<string, string> = {}): Promise<ProbeApp> {
  const env = loadEnvironment(BaseEnvironment, { PORT: '0', DATABASE_URL: 'postgres://unused@127.0.0.1/unused', ...variables });
  const events: ProbeEvents = [];
  @Module({
    imports: [loggerModule('probe', 'silent')],
    controllers: [ProbeController],
    providers: [ProbeConsumers, { provide: BaseEnvironment, useValue: env }, { provide: EVENTS, useValue: events }],
  })
  class ProbeModule {}
  const app = await createApp(ProbeModule, {
    appName: 'probe',
    openApi: { title: 'Probe', description: 'Probe', version: '1' },
    formatError: (failure) => ({ body: { error: failure.message }, headers: { 'Cache-Control': 'no-store' } }),
  });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const open: RawHttpConnection[] = [];
  return {
    app,
    port,
    events,
    connect: async () => {
      const connection = await RawHttpConnection.open(port);
      open.push(connection);
      return connection;
    },
    disconnectAll: () => {
      for (const connection of open.splice(0)) connection.destroy();
    },
  };
}
