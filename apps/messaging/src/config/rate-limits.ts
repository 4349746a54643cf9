import type { RateLimitPolicy } from '@suite/authz';

/**
 * Messaging's default budgets, requests a minute (decision 0045, docs/rate-limits.md); each
 * RATE_LIMIT_* variable replaces one. A credential gets half its company's, so one runaway script
 * leaves the workspace's other keys their share.
 * - send (POST /v1/messages, POST /v1/emails): a sender number hands one message a second to the
 *   carrier (decision 0012), so a workspace with ten numbers releases 600 a minute; sends accepted
 *   faster only wait in the queue for hours, past the send window.
 * - read: ten a second per key, for dashboards polling conversations and statuses.
 * - write (contacts, email domains and mailboxes): rare; five a second per key.
 */
export const MESSAGING_RATE_LIMITS: RateLimitPolicy = {
  send: { perCredential: 300, perCompany: 600 },
  read: { perCredential: 600, perCompany: 1200 },
  write: { perCredential: 300, perCompany: 600 },
};
