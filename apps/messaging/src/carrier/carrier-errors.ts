/** The provider refused the message for good (invalid number, content blocked): the message ends `failed`. */
export class CarrierRejectedError extends Error {
  override readonly name = 'CarrierRejectedError';

  constructor(
    /** Short machine-readable cause, e.g. `unreachable`, `content_rejected`. */
    readonly code: string,
    message: string,
    /** The provider says the recipient unsubscribed there (Twilio 21610): the contact is opted out too. */
    readonly optedOut = false,
  ) {
    super(message);
  }
}

/** The provider could not take the message now (outage, throttling, timeout): requeue and retry. */
export class CarrierUnavailableError extends Error {
  override readonly name: string = 'CarrierUnavailableError';

  constructor(
    message: string,
    /** The provider's hint (Retry-After), when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The request may have reached the provider but its answer was lost (the connection dropped after
 * the request was written, a timeout): the message may or may not exist there. The domain records
 * the hand-off as `unknown` and asks the provider (`Carrier.findHandOff`) before any second
 * attempt — never a blind resend (decision 0038). Otherwise handled like unavailable.
 */
export class CarrierOutcomeUnknownError extends CarrierUnavailableError {
  override readonly name = 'CarrierOutcomeUnknownError';
}

export type CallbackRejection = 'missing_signature' | 'malformed_signature' | 'stale' | 'bad_signature' | 'malformed_body';

/** A callback that must not be acted on; the route answers 401 (signature) or 400 (body). */
export class CallbackRejectedError extends Error {
  override readonly name = 'CallbackRejectedError';

  constructor(
    readonly reason: CallbackRejection,
    message: string,
  ) {
    super(message);
  }
}
