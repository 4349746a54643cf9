import { BaseEnvironment, composeEnvironment, type EnvironmentOf } from '@suite/config';
import { ReceiptReconciliationEnvironment } from './callbacks/receipt-reconciliation/receipt-reconciliation-environment';
import { CarrierEnvironment } from './carrier/carrier-environment';
import { EmailEnvironment } from './email/email-environment';
import { SendBatchEnvironment } from './messages/send-batch-environment';
import { ReleaseSchedulerEnvironment } from './release-scheduler/release-scheduler-environment';

/** The variables every app reads, with messaging's port. */
export class MessagingSharedEnvironment extends BaseEnvironment {
  override PORT = 3001;
}

/**
 * Messaging's environment, composed at the top of the app from the slices its features declare
 * (decision 0062): the shared variables, the carrier's, the receipt reconciliation's, the release
 * scheduler's, the send path's, and email's. Each feature injects its own slice by class.
 */
export const MessagingEnvironment = composeEnvironment(
  MessagingSharedEnvironment,
  CarrierEnvironment,
  ReceiptReconciliationEnvironment,
  ReleaseSchedulerEnvironment,
  SendBatchEnvironment,
  EmailEnvironment,
);
export type MessagingEnvironment = EnvironmentOf<typeof MessagingEnvironment>;
