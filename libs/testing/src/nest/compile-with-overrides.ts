import type { DynamicModule, INestApplication, InjectionToken, NestApplicationOptions, Type } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { Test } from '@nestjs/testing';

/** A provider a test replaces by its token: a port's adapter (CARRIER, VOICE_PROVIDER, TargetResolver…) or the CLOCK. */
export interface ProviderOverride {
  readonly provide: InjectionToken;
  readonly useValue: unknown;
}

/**
 * How a harness builds an app with some providers replaced (decision 0057): createApp's `compile`
 * (libs/http's NestAppCompiler; this lib cannot import libs/http) compiling the app's root module
 * as a Nest testing module, each override applied with TestingModuleBuilder.overrideProvider, so
 * the token is replaced wherever its feature module provides it. The app never hears of tests.
 * No override: undefined, and the app is built the production way (NestFactory.create). A later
 * entry for the same token wins over an earlier one (a harness's default, then the spec's own).
 */
export function compileWithOverrides(overrides: readonly ProviderOverride[]) {
  if (overrides.length === 0) return undefined;
  return async <App extends INestApplication>(
    module: Type<unknown> | DynamicModule,
    adapter: AbstractHttpAdapter,
    options: NestApplicationOptions,
  ): Promise<App> => {
    // What NestFactory.create does before it scans: the adapter's own set-up (Fastify's middleware plugin) first.
    await adapter.init?.();
    const builder = Test.createTestingModule({ imports: [module] });
    // The app's logger from the start, as NestFactory has it (the builder's default prints to the console).
    if (typeof options.logger === 'object' && !Array.isArray(options.logger)) builder.setLogger(options.logger);
    for (const { provide, useValue } of overrides) builder.overrideProvider(provide).useValue(useValue);
    const compiled = await builder.compile();
    return compiled.createNestApplication<App>(adapter, options);
  };
}
