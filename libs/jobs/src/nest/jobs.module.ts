import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { checkJobHandlers, discoverJobQueues } from '../handlers/job-handler-discovery';
import { requiredJobNames } from '../handlers/job-name';
import { JobsRuntime, type JobsRuntimeOptions } from '../jobs-runtime';

/**
 * At bootstrap (every module's providers built): registers the app's `@JobHandler` queues, checks
 * that every declared job has one, and starts the workers; stops them before the pool closes.
 */
@Injectable()
class JobsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(JobsRuntime) private readonly jobs: JobsRuntime,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of discoverJobQueues(this.discovery)) this.jobs.register(queue);
    checkJobHandlers(requiredJobNames(this.jobs.appName), this.jobs.queueNames());
    this.jobs.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}

/** Provides the app's JobsRuntime everywhere; features define their queues with `@JobHandler` on a provider. */
@Global()
@Module({})
export class JobsModule {
  static forRoot(options: JobsRuntimeOptions): DynamicModule {
    return {
      module: JobsModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: JobsRuntime,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) => new JobsRuntime(dataSource, options),
        },
        JobsLifecycle,
      ],
      exports: [JobsRuntime],
    };
  }
}
