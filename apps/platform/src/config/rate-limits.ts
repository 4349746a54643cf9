import type { RateLimitPolicy } from '@suite/authz';

/**
 * The platform API's default budgets, requests a minute (decision 0045, docs/rate-limits.md); each
 * RATE_LIMIT_* variable replaces one. A credential (an OAuth grant, a personal access token) gets
 * half its company's.
 * - read: a page of the app reads a dozen resources; ten a second per signed-in user is a person
 *   clicking fast, and an integration syncing every list page by page.
 * - write: five a second per credential, a bulk import at a steady pace.
 * - send: no platform route sends by itself (texts leave through messaging); kept for symmetry.
 */
export const PLATFORM_RATE_LIMITS: RateLimitPolicy = {
  send: { perCredential: 60, perCompany: 120 },
  read: { perCredential: 600, perCompany: 1200 },
  write: { perCredential: 300, perCompany: 600 },
};
