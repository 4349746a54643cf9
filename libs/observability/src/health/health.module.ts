import { Module, type DynamicModule, type InjectionToken } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { READINESS_CHECKS, type NamedReadinessProbe, type ReadinessProbe } from './readiness-check';

export interface HealthModuleOptions {
  /** Extra readiness probes by name, resolved from the app's container (e.g. `{ kafka: EventingHealth }`). */
  probes?: Record<string, InjectionToken>;
}

@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions = {}): DynamicModule {
    const entries = Object.entries(options.probes ?? {});
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        {
          provide: READINESS_CHECKS,
          useFactory: (...probes: ReadinessProbe[]): NamedReadinessProbe[] =>
            probes.map((probe, index) => ({ name: entries[index]![0], probe })),
          inject: entries.map(([, token]) => token),
        },
      ],
    };
  }
}
