import { Global, Module, type DynamicModule } from '@nestjs/common';

/**
 * Where code that decides by time reads it (token lifetimes, throttles, the release scheduler's
 * send window and pacing, job due times). Production uses SystemClock; a test moves time by
 * passing its own clock (createMessagingApp's overrides) or by spying on `now` of the CLOCK provider.
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

/** Provides CLOCK app-wide: the system clock, or the one a test passed in. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
