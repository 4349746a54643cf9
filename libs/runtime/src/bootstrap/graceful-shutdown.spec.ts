import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Controller, Get, Injectable, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { stopApp } from './graceful-shutdown';

const events: string[] = [];

@Controller()
class SlowController {
  @Get('slow')
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 400));
    events.push('request finished');
    return { ok: true };
  }
}

/** Stands in for the event consumers and relay, which stop in this hook. */
@Injectable()
class Consumers implements BeforeApplicationShutdown {
  beforeApplicationShutdown() {
    events.push('consumers stopped');
  }
}

@Module({ controllers: [SlowController], providers: [Consumers] })
class SlowModule {}

describe('stopApp', () => {
  it('finishes in-flight requests, refuses new ones, then runs the shutdown hooks', async () => {
    const app = await NestFactory.create(SlowModule, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const inFlight = fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = stopApp(app, 5000);
    events.push('stop requested');

    const response = await inFlight;
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ ok: true });
    await stopping;
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
    expect(events).toEqual(['stop requested', 'request finished', 'consumers stopped']);
  });
});
