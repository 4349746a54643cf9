import type { ModuleMetadata } from '@nestjs/common';
import type { EventingSettings } from '../config/eventing-options';

/**
 * The app's eventing settings. There is no handler list: every provider with an `@OnEvent`
 * method, in whichever module registers it, is a handler (handler-discovery.ts).
 */
export type EventingModuleOptions = EventingSettings;

export interface EventingModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  useFactory: (...args: any[]) => EventingModuleOptions | Promise<EventingModuleOptions>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  inject?: any[];
  /** TypeORM connection name when the app has more than one DataSource. */
  dataSourceName?: string;
}
