/**
 * Where the messaging domain reads the time. Every time decision of the release scheduler (send
 * window, pacing slots, daily caps, claim timeouts, backoff) and the timestamps it records go
 * through this port, so tests (and the bench) can move time instead of waiting for it.
 * Production uses SystemClock; tests pass a TestClock through createMessagingApp's overrides.
 */
export interface Clock {
  now(): Date;
}

/** Injection token of the Clock. */
export const CLOCK = Symbol('CLOCK');

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
