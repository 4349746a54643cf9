/** What to enqueue. */
export interface NewJob<P = unknown> {
  readonly queue: string;
  readonly payload: P;
  /** Default: a new uuid. */
  readonly id?: string;
  /** When it may first run; default now (the database's now, at insert). */
  readonly runAt?: Date;
  /** Jobs sharing a key obey the queue's perKeyConcurrency (one key per webhook endpoint, say). */
  readonly concurrencyKey?: string;
}
