import type { RateLimitPolicy } from '@suite/authz';

/**
 * Webhook management's default budgets, requests a minute (decision 0045, docs/rate-limits.md);
 * each RATE_LIMIT_* variable replaces one. A credential gets half its company's.
 * - send (a test send, a replay: each makes the suite post to the receiver): one a second per
 *   credential; a webhook's own test sends stay limited to 10 a minute besides (decision 0036).
 * - read: delivery logs paged through by a person or a reconciling job.
 * - write: subscriptions change rarely.
 */
export const WEBHOOK_DISPATCH_RATE_LIMITS: RateLimitPolicy = {
  send: { perCredential: 60, perCompany: 120 },
  read: { perCredential: 300, perCompany: 600 },
  write: { perCredential: 120, perCompany: 240 },
};
