import { providerRequest as request, type ProviderAnswer, type ProviderRequest } from '@suite/provider-http';
import { CarrierOutcomeUnknownError, CarrierUnavailableError } from '../carrier-errors';

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
