import { BaseEnvironment } from '@suite/runtime';

/** Platform's environment: today only the shared variables. */
export class PlatformEnvironment extends BaseEnvironment {
  override PORT = 3003;
}
