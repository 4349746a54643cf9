import { AppError } from '@suite/http';
import { NumberUnavailableError, VoiceProviderUnavailableError } from '../provider/voice-errors';

export const NUMBER_NO_LONGER_AVAILABLE = 'This number is no longer available. Search again and pick another.';
export const PROVIDER_UNAVAILABLE = 'The telephony provider cannot be reached right now. Try again in a moment.';

/** The voice provider's refusals as the API's: a number sold since the search is 409, an outage 503; anything else stays itself. */
export function asApiError(error: unknown): unknown {
  if (error instanceof NumberUnavailableError) return new AppError('conflict', NUMBER_NO_LONGER_AVAILABLE);
  if (error instanceof VoiceProviderUnavailableError) return new AppError('unavailable', PROVIDER_UNAVAILABLE);
  return error;
}
