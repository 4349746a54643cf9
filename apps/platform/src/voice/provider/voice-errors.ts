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

/**
 * The request to place a call may have reached the provider and placed it, but its answer was lost
 * (a timeout, a dropped connection, a 5xx after the body was sent). Placing it again blindly could
 * call the contact twice: the caller looks the call up (`findCall`) first.
 */
export class CallOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallOutcomeUnknownError';
  }
}

/** The provider refuses our agent as it is (an unknown voice, a prompt too long): retrying changes nothing until it is edited. */
export class AgentMirrorRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentMirrorRejectedError';
  }
}

export const REPUTATION_UNAVAILABLE_REASONS = ['not_configured', 'not_allowed', 'not_monitored'] as const;
export type ReputationUnavailableReason = (typeof REPUTATION_UNAVAILABLE_REASONS)[number];

/**
 * No reputation source can answer for this number, and asking again soon will not change that: none
 * is configured, ours is not allowed to ask (an enterprise agreement missing), or the number is not
 * registered with it. The number stays `In Progress` with this message as its reason.
 */
export class ReputationUnavailableError extends Error {
  constructor(
    readonly reason: ReputationUnavailableReason,
    message: string,
  ) {
    super(message);
    this.name = 'ReputationUnavailableError';
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
