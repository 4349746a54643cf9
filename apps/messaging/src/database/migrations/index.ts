import { Init1795321745250 } from './1795321745250-init';
import { AuthzReplicas1795324546562 } from './1795324546562-authz-replicas';
import { EmailSends1795329089437 } from './1795329089437-email-sends';
import { Messaging1795329272880 } from './1795329272880-messaging';
import { InboundAutoReplies1795329825927 } from './1795329825927-inbound-auto-replies';
import { MessageSendAttempts1795330003276 } from './1795330003276-message-send-attempts';
import { DropContactsPinnedNumberIndex1795331671845 } from './1795331671845-drop-contacts-pinned-number-index';
import { SenderNumberHandOffs1795333169496 } from './1795333169496-sender-number-hand-offs';
import { MessagesNumberQueueIndex1795333764444 } from './1795333764444-messages-number-queue-index';
import { OutboxDeadLetter1795491614423 } from './1795491614423-outbox-dead-letter';
import { EmailSendJobs1795498019070 } from './1795498019070-email-send-jobs';
import { MessagesTsOrder1795501883243 } from './1795501883243-messages-ts-order';
import { JobsKeyDueIndex1795512393723 } from './1795512393723-jobs-key-due-index';
import { CarrierHandOffs1795805633041 } from './1795805633041-carrier-hand-offs';
import { RateLimitBuckets1795808765062 } from './1795808765062-rate-limit-buckets';
import { ReceiptReconciliation1795817483842 } from './1795817483842-receipt-reconciliation';
import { ErasedOptOuts1795817769160 } from './1795817769160-erased-opt-outs';
import { OptOutHash1795817769200 } from './1795817769200-opt-out-hash';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const messagingMigrations = [
  Init1795321745250,
  AuthzReplicas1795324546562,
  EmailSends1795329089437,
  Messaging1795329272880,
  InboundAutoReplies1795329825927,
  MessageSendAttempts1795330003276,
  DropContactsPinnedNumberIndex1795331671845,
  SenderNumberHandOffs1795333169496,
  MessagesNumberQueueIndex1795333764444,
  OutboxDeadLetter1795491614423,
  EmailSendJobs1795498019070,
  MessagesTsOrder1795501883243,
  JobsKeyDueIndex1795512393723,
  CarrierHandOffs1795805633041,
  RateLimitBuckets1795808765062,
  ReceiptReconciliation1795817483842,
  ErasedOptOuts1795817769160,
  OptOutHash1795817769200,
];
