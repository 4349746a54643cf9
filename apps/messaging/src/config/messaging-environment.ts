import { BaseEnvironment } from '@suite/runtime';

/** Messaging's environment: today only the shared variables. */
export class MessagingEnvironment extends BaseEnvironment {
  override PORT = 3001;
}
