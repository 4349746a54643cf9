import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobsRuntime, type JobsRuntimeOptions } from '../jobs-runtime';

/** Starts the workers once every module has registered its queues (onModuleInit), stops them before the pool closes. */
@Injectable()
class JobsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(JobsRuntime) private readonly jobs: JobsRuntime) {}

  onApplicationBootstrap(): void {
    this.jobs.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}

/** Provides the app's JobsRuntime everywhere; features register their queues in onModuleInit. */
@Global()
@Module({})
export class JobsModule {
  static forRoot(options: JobsRuntimeOptions): DynamicModule {
    return {
      module: JobsModule,
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
