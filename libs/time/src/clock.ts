import { Global, Module, type DynamicModule } from '@nestjs/common';

/**
 * Where code that decides by time reads it (token lifetimes, throttles, the release scheduler's
 * send window and pacing, job due times). Production uses SystemClock; a test moves time by
 * overriding the CLOCK provider (its harness's `overrides`, decision 0057) or by spying on its `now`.
 */
export interface Clock {
  now(): Date;
}

/** Injection token of the Clock (provided app-wide by coreModules). */
export const CLOCK = Symbol('CLOCK');

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

export const systemClock: Clock = new SystemClock();

/** Provides CLOCK app-wide: the system clock (a test overrides the provider, decision 0057). */
@Global()
@Module({})
export class ClockModule {
  static forRoot(): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: new SystemClock() }], exports: [CLOCK] };
  }
}
