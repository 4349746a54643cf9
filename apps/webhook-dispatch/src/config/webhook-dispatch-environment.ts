import { BaseEnvironment } from '@suite/runtime';

/** WebhookDispatch's environment: today only the shared variables. */
export class WebhookDispatchEnvironment extends BaseEnvironment {
  override PORT = 3004;
}
