import type { ModuleMetadata, Type } from '@nestjs/common';
import type { EventingSettings } from '../config/eventing-options';
import type { EventHandler } from '../consumer/event-handler';

export interface EventingModuleOptions extends EventingSettings {
  /**
   * Handler classes. Register them as providers in your feature modules so they get their
   * dependencies; one that is not registered anywhere is instantiated in the eventing
   * module's scope, where only global providers can be injected.
   */
  handlers: Type<EventHandler>[];
}

export interface EventingModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  useFactory: (...args: any[]) => EventingModuleOptions | Promise<EventingModuleOptions>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  inject?: any[];
  /** TypeORM connection name when the app has more than one DataSource. */
  dataSourceName?: string;
}
