import { providerRequest as request, type ProviderAnswer, type ProviderRequest } from '@suite/provider-http';
import { CarrierOutcomeUnknownError, CarrierUnavailableError } from '../carrier-errors';

import { retryAfterMs } from '@suite/provider-http';

export { headerValue, retryAfterMs, type ProviderAnswer, type ProviderRequest } from '@suite/provider-http';

/**
 * A carrier's request (libs/provider-http): one attempt, no retry of its own — the scheduler's
 * queue decides when to try again, after looking a lost hand-off up (decision 0038). Nothing sent
 * or a read failed → CarrierUnavailableError; a send that may have left → CarrierOutcomeUnknownError.
 */
export function providerRequest(provider: string, call: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer> {
  return request(provider, call, timeoutMs, {
    unavailable: (message) => new CarrierUnavailableError(message),
    outcomeUnknown: (message) => new CarrierOutcomeUnknownError(message),
  });
}

/** A provider's answer that says "not now" (a failed read, 429, 5xx): its status and the start of its body; Retry-After honoured. */
export function providerUnavailable(provider: string, what: string, answer: ProviderAnswer): CarrierUnavailableError {
  return new CarrierUnavailableError(
    `${provider} ${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
    retryAfterMs(answer.headers),
  );
}

/** A date in a provider's answer (ISO 8601, RFC 2822), or null when there is none or it does not parse. */
export function providerDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
