import { BaseEnvironment } from '@suite/runtime';

/** Auth's environment: today only the shared variables. */
export class AuthEnvironment extends BaseEnvironment {
  override PORT = 3002;
}
