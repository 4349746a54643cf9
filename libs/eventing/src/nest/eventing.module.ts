import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EventingRuntime } from '../eventing-runtime';
import { EventingHealth } from '../health/eventing-health';
import { Outbox } from '../outbox/outbox';
import { OutboxRelay } from '../outbox/outbox-relay';
import { eventingSettingsFromEnvironment, type EventingEnvironment } from '../config/eventing-environment';
import type { EventingModuleAsyncOptions, EventingModuleOptions } from './eventing-module-options';
import { EventingLifecycle } from './eventing-lifecycle';
import { discoverEventHandlers } from './handler-discovery';
import { EVENTING_OPTIONS } from './eventing.tokens';

/**
 * Global: every module of the app can inject Outbox and EventingHealth. Import it after
 * TypeOrmModule.forRoot(Async), whose DataSource it uses.
 */
@Global()
@Module({})
export class EventingModule {
  static forRoot(options: EventingModuleOptions & { dataSourceName?: string }): DynamicModule {
    return EventingModule.build([{ provide: EVENTING_OPTIONS, useValue: options }], options.dataSourceName);
  }

  /**
   * The usual entry point of an app: Kafka when KAFKA_BROKERS is set, the in-process bus
   * otherwise. `app` may override any setting (tuning, logger).
   */
  static forEnvironment(
    env: EventingEnvironment,
    app: Pick<EventingModuleOptions, 'appName' | 'schema'> & Partial<EventingModuleOptions> & { dataSourceName?: string },
  ): DynamicModule {
    return EventingModule.forRoot({ ...eventingSettingsFromEnvironment(env, app), ...app });
  }

  static forRootAsync(options: EventingModuleAsyncOptions): DynamicModule {
    return {
      ...EventingModule.build(
        [{ provide: EVENTING_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] }],
        options.dataSourceName,
      ),
      imports: [DiscoveryModule, ...(options.imports ?? [])],
    };
  }

  private static build(optionsProviders: Provider[], dataSourceName?: string): DynamicModule {
    const runtime: Provider = {
      provide: EventingRuntime,
      inject: [EVENTING_OPTIONS, getDataSourceToken(dataSourceName), DiscoveryService],
      // Handlers are looked up at start (onApplicationBootstrap), once every module has its providers.
      useFactory: (options: EventingModuleOptions, dataSource: DataSource, discovery: DiscoveryService) =>
        new EventingRuntime({ ...options, dataSource, handlers: () => discoverEventHandlers(discovery) }),
    };
    return {
      module: EventingModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        ...optionsProviders,
        runtime,
        { provide: Outbox, inject: [EventingRuntime], useFactory: (r: EventingRuntime) => r.outbox },
        { provide: OutboxRelay, inject: [EventingRuntime], useFactory: (r: EventingRuntime) => r.relay },
        { provide: EventingHealth, inject: [EventingRuntime], useFactory: (r: EventingRuntime) => r.health },
        EventingLifecycle,
      ],
      exports: [EventingRuntime, Outbox, OutboxRelay, EventingHealth],
    };
  }
}
