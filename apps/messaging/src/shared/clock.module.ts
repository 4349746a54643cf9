import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, SystemClock, type Clock } from './clock';

/** Provides CLOCK app-wide: the system clock, or the one a test passed to createMessagingApp. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
