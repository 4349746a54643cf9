import type { SenderProvider } from './carrier.port';

/**
 * What a provider allows one sender number, as facts the scheduler's existing pacing honours
 * (the per-second rate and the daily new-contact cap are clamped to them, decision 0038) — not
 * a second mechanism. Sendblue documents 1 message a second per line and 1,000 new conversations
 * a day per line (its 429 when the queue is full is an unavailable carrier: retried after
 * Retry-After). Twilio's long codes take 1 message segment a second, but toll-free numbers and
 * short codes take more, so the workspace's rate decides there; the sandbox has no limit.
 */
export interface ProviderPacing {
  readonly maxPerSecondRate: number;
  readonly maxNewContactsPerDay: number;
}

const UNLIMITED: ProviderPacing = { maxPerSecondRate: Number.POSITIVE_INFINITY, maxNewContactsPerDay: Number.POSITIVE_INFINITY };

export const PROVIDER_PACING: Readonly<Record<SenderProvider, ProviderPacing>> = {
  sandbox: UNLIMITED,
  twilio: UNLIMITED,
  sendblue: { maxPerSecondRate: 1, maxNewContactsPerDay: 1000 },
};
