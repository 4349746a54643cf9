import { BaseEnvironment, composeEnvironment, type EnvironmentOf } from '@suite/config';
import { CrmListsEnvironment } from './crm-lists/crm-lists-environment';
import { DeliveriesEnvironment } from './deliveries/deliveries-environment';
import { SendingEnvironment } from './sending/sending-environment';
import { TargetsEnvironment } from './targets/targets-environment';

/** The variables every app reads, with webhook-dispatch's port. */
export class WebhookDispatchSharedEnvironment extends BaseEnvironment {
  override PORT = 3004;
}

/**
 * WebhookDispatch's environment, composed at the top of the app from the slices its features
 * declare (decision 0062): the shared variables, the sender's, the target guard's, the deliveries'
 * and the list read model's. Each feature injects its own slice by class.
 */
export const WebhookDispatchEnvironment = composeEnvironment(
  WebhookDispatchSharedEnvironment,
  SendingEnvironment,
  TargetsEnvironment,
  DeliveriesEnvironment,
  CrmListsEnvironment,
);
export type WebhookDispatchEnvironment = EnvironmentOf<typeof WebhookDispatchEnvironment>;
