import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { compileWithOverrides } from './compile-with-overrides';

const PORT = Symbol('PORT');

@Injectable()
class Consumer {
  constructor(@Inject(PORT) readonly port: { name: string }) {}
}

@Global()
@Module({ providers: [{ provide: PORT, useFactory: () => ({ name: 'configured' }) }], exports: [PORT] })
class PortModule {}

@Module({ imports: [PortModule], providers: [Consumer] })
class RootModule {}

describe('compileWithOverrides', () => {
  it('is undefined without an override: the app is built the production way', () => {
    expect(compileWithOverrides([])).toBeUndefined();
  });

  it('replaces the token where its module provides it, for every consumer; the last entry for a token wins', async () => {
    const compile = compileWithOverrides([
      { provide: PORT, useValue: { name: 'default of the harness' } },
      { provide: PORT, useValue: { name: 'the spec' } },
    ])!;
    const app = await compile<NestFastifyApplication>(RootModule, new FastifyAdapter(), { logger: false });
    try {
      await app.init();
      expect(app.get(Consumer).port).toEqual({ name: 'the spec' });
      expect(app.get(PORT)).toEqual({ name: 'the spec' });
    } finally {
      await app.close();
    }
  });
});
