import { providerRequest as request, type ProviderAnswer, type ProviderRequest } from '@suite/provider-http';
import { CallOutcomeUnknownError, VoiceProviderUnavailableError } from './voice-errors';

export { retryAfterMs, type ProviderAnswer, type ProviderRequest } from '@suite/provider-http';

/**
 * A voice provider's request (libs/provider-http): one attempt, never a retry of its own (Retell
 * and Twilio have no idempotency key for these requests: the dialer's and the purchase's own
 * records decide when to ask again, after a lookup). Nothing sent or a read failed →
 * VoiceProviderUnavailableError; a write that may have left → CallOutcomeUnknownError.
 */
export function providerRequest(provider: string, call: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer> {
  return request(provider, call, timeoutMs, {
    unavailable: (message) => new VoiceProviderUnavailableError(message),
    outcomeUnknown: (message) => new CallOutcomeUnknownError(message),
  });
}

/** The provider's own words about a refusal (`message`, Twilio's `code`), for logs and errors. */
export function describeRefusal(answer: ProviderAnswer): string {
  const body = answer.json() as { message?: unknown; code?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : answer.text.slice(0, 200);
  return typeof body?.code === 'number' ? `${answer.status} (code ${body.code}): ${message}` : `${answer.status}: ${message}`;
}
