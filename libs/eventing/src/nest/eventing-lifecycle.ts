import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventingRuntime } from '../eventing-runtime';

/**
 * Starts eventing once every module is ready and stops it before TypeORM closes the
 * DataSource (that happens in onApplicationShutdown, after this hook).
 */
@Injectable()
export class EventingLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly runtime: EventingRuntime) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runtime.stop();
  }
}
