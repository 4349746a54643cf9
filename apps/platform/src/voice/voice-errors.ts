/** The number was sold (or withdrawn) since the search. */
export class NumberUnavailableError extends Error {
  constructor(readonly phoneNumber: string) {
    super(`${phoneNumber} is no longer available`);
    this.name = 'NumberUnavailableError';
  }
}

/** The provider will never place this call (invalid or unreachable number). */
export class CallRejectedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CallRejectedError';
  }
}

/** The provider cannot answer now (outage, throttling, timeout): try again later. */
export class VoiceProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'VoiceProviderUnavailableError';
  }
}

export const VOICE_CALLBACK_REJECTIONS = [
  'missing_signature',
  'malformed_signature',
  'stale',
  'bad_signature',
  'malformed_body',
] as const;
export type VoiceCallbackRejection = (typeof VOICE_CALLBACK_REJECTIONS)[number];

/** A callback that is not signed as the provider signs, or not readable. */
export class VoiceCallbackRejectedError extends Error {
  constructor(
    readonly reason: VoiceCallbackRejection,
    message: string,
  ) {
    super(message);
    this.name = 'VoiceCallbackRejectedError';
  }
}
