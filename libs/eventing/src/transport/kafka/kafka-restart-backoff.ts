import type { Backoff } from '@suite/time';

/** How long to wait before setting up topics or a consumer again after a failure: 0.5 s doubling to 10 s. */
export const KAFKA_RESTART_BACKOFF: Backoff = { baseMs: 500, maxMs: 10_000 };
