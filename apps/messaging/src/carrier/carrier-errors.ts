/** The provider refused the message for good (invalid number, content blocked): the message ends `failed`. */
export class CarrierRejectedError extends Error {
  override readonly name = 'CarrierRejectedError';

  constructor(
    /** Short machine-readable cause, e.g. `unreachable`, `content_rejected`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not take the message now (outage, throttling, timeout): requeue and retry. */
export class CarrierUnavailableError extends Error {
  override readonly name = 'CarrierUnavailableError';

  constructor(
    message: string,
    /** The provider's hint (Retry-After), when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
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
