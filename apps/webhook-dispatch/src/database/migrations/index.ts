import { Init1795321746924 } from './1795321746924-init';
import { AuthzReplicas1795324555765 } from './1795324555765-authz-replicas';
import { OutboxDeadLetter1795491626536 } from './1795491626536-outbox-dead-letter';
import { Webhooks1795505981978 } from './1795505981978-webhooks';
import { WebhookDeliveries1795507704692 } from './1795507704692-webhook-deliveries';
import { WebhookCircuitRetention1795512390809 } from './1795512390809-webhook-circuit-retention';
import { WebhookFilters1795804723727 } from './1795804723727-webhook-filters';
import { WebhookAttemptOutcome1795805907326 } from './1795805907326-webhook-attempt-outcome';
import { RateLimitBuckets1795808787539 } from './1795808787539-rate-limit-buckets';
import { PendingErasures1795819984544 } from './1795819984544-pending-erasures';
import { ErasedPhones1795821825120 } from './1795821825120-erased-phones';
import { ErasedPhoneHash1795821825200 } from './1795821825200-erased-phone-hash';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const webhookDispatchMigrations = [
  Init1795321746924,
  AuthzReplicas1795324555765,
  OutboxDeadLetter1795491626536,
  Webhooks1795505981978,
  WebhookDeliveries1795507704692,
  WebhookCircuitRetention1795512390809,
  WebhookFilters1795804723727,
  WebhookAttemptOutcome1795805907326,
  RateLimitBuckets1795808787539,
  PendingErasures1795819984544,
  ErasedPhones1795821825120,
  ErasedPhoneHash1795821825200,
];
