/** One shared token bucket: `capacity` tokens at most, refilled at `refillPerSecond`. */
export interface BucketSpec {
  readonly key: string;
  readonly capacity: number;
  readonly refillPerSecond: number;
}

/** Take up to `want` tokens of the shared bucket and give back `returned` unused ones, in one step. */
export interface LeaseRequest {
  readonly bucket: BucketSpec;
  readonly want: number;
  readonly returned: number;
}

export interface LeaseGrant {
  readonly key: string;
  readonly granted: number;
  /** The shared bucket's tokens right after the grant (fractional: it refills continuously). */
  readonly level: number;
}

/** Where the buckets every replica shares live (PostgreSQL: rate-limit.store.ts). Keys are unique within one call. */
export interface BucketLeaseStore {
  lease(requests: readonly LeaseRequest[]): Promise<LeaseGrant[]>;
}

/** What to answer: the draft's fields (decision 0045) for the bucket closest to running out, and whether to admit. */
export interface RateLimitDecision {
  readonly admitted: boolean;
  /** False when the shared buckets could not be read (the database is away): admitted, no fields sent. */
  readonly known: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until that bucket is full again. */
  readonly resetSeconds: number;
  /** Refused only: seconds until one more request fits. */
  readonly retryAfterSeconds: number;
  /** `RateLimit-Policy`: every bucket the request spends from, `<limit>;w=<seconds to refill it>`. */
  readonly policy: string;
}

export interface TokenBucketLeasesOptions {
  /** Milliseconds, monotonic. */
  now?: () => number;
  /** Unused tokens held longer than this are given back, so other replicas can spend them. */
  idleReturnMs?: number;
  /** Called when the store fails (requests are then admitted). */
  onStoreError?: (error: unknown) => void;
}

/** A process leases at most this share of a bucket at once (and at most MAX_LEASE tokens). */
const LEASE_SHARE = 0.05;
const MAX_LEASE = 50;
/** Refill rounds one request may wait for before it is refused while others keep taking the tokens. */
const MAX_ROUNDS = 3;
/** A lease unused this long is forgotten (after its tokens went back). */
const FORGET_AFTER_MS = 10 * 60_000;

/** This process's share of one shared bucket. */
class LocalLease {
  /** Leased to this process and not spent yet (whole tokens). */
  tokens = 0;
  /** The shared bucket as the last grant left it, and when (NaN before the first grant). */
  level = 0;
  levelAt = Number.NaN;
  lastUsedAt: number;
  /** Requests waiting for the next grant: it takes at least as many. */
  waiting = 0;
  refilling: Promise<boolean> | null = null;

  constructor(
    readonly bucket: BucketSpec,
    now: number,
  ) {
    this.lastUsedAt = now;
  }

  /** The shared bucket now, as far as this process knows (other replicas may have spent some). */
  sharedAt(now: number): number {
    if (Number.isNaN(this.levelAt)) return this.bucket.capacity;
    return Math.min(this.bucket.capacity, this.level + (this.bucket.refillPerSecond * (now - this.levelAt)) / 1000);
  }

  /**
   * Nothing here and, since the last grant, not a whole token back in the shared bucket: refuse
   * without asking. The belief holds for `trustMs` only: tokens other replicas leased and left
   * unused come back within that time, and a replica that kept refusing on an older reading would
   * refuse what the shared bucket has room for (one statement per bucket and `trustMs` on a flood).
   */
  knownEmpty(now: number, trustMs: number): boolean {
    return this.tokens < 1 && !Number.isNaN(this.levelAt) && now - this.levelAt < trustMs && this.sharedAt(now) < 1;
  }

  get chunk(): number {
    return Math.max(1, Math.min(MAX_LEASE, Math.floor(this.bucket.capacity * LEASE_SHARE)));
  }
}

/**
 * Token buckets shared by every replica through a store, spent locally from leases (decision
 * 0045). A request needs one token of each of its buckets; while this process holds leased tokens
 * of them, admitting it is a few map reads and no I/O. A bucket out of leased tokens is refilled
 * from the store in chunks (a twentieth of the bucket, at most 50), and the refills asked for in
 * the same tick go as one statement. Tokens are taken from the shared bucket before they are
 * spent, so all replicas together never admit more than the budget; tokens a process leased and
 * did not use within `idleReturnMs` go back. A bucket the last grant found empty is refused
 * locally until a token has had time to refill or `idleReturnMs` has passed (others may have given
 * tokens back by then), so a flood over budget costs one statement per bucket and second.
 */
export class TokenBucketLeases {
  private readonly leases = new Map<string, LocalLease>();
  private readonly pending = new Map<LocalLease, (ok: boolean) => void>();
  private flushScheduled = false;
  private readonly now: () => number;
  private readonly idleReturnMs: number;

  constructor(
    private readonly store: BucketLeaseStore,
    private readonly options: TokenBucketLeasesOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.idleReturnMs = options.idleReturnMs ?? 1000;
  }

  async admit(buckets: readonly BucketSpec[]): Promise<RateLimitDecision> {
    const leases = buckets.map((bucket) => this.leaseOf(bucket));
    for (let round = 0; ; round++) {
      const now = this.now();
      const short = leases.filter((lease) => lease.tokens < 1);
      if (short.length === 0) {
        for (const lease of leases) {
          lease.tokens -= 1;
          lease.lastUsedAt = now;
        }
        return this.decide(leases, now, null);
      }
      const empty = short.find((lease) => lease.knownEmpty(now, this.idleReturnMs));
      if (empty || round === MAX_ROUNDS) return this.decide(leases, now, empty ?? short[0]!);
      const refilled = await Promise.all(short.map((lease) => this.refill(lease)));
      if (refilled.includes(false)) return unknownDecision(leases);
    }
  }

  /** Gives back every lease unused for `idleReturnMs` (all of them with `all`); forgets long-idle ones. */
  async returnIdle(all = false): Promise<void> {
    const now = this.now();
    const returns: Array<{ lease: LocalLease; returned: number }> = [];
    for (const [key, lease] of this.leases) {
      if (lease.refilling) continue;
      const idleFor = now - lease.lastUsedAt;
      if (lease.tokens >= 1 && (all || idleFor >= this.idleReturnMs)) returns.push({ lease, returned: lease.tokens });
      else if (lease.tokens < 1 && idleFor >= FORGET_AFTER_MS) this.leases.delete(key);
    }
    if (returns.length === 0) return;
    for (const { lease, returned } of returns) lease.tokens -= returned;
    try {
      const grants = await this.store.lease(returns.map(({ lease, returned }) => ({ bucket: lease.bucket, want: 0, returned })));
      this.apply(grants, this.now());
    } catch (error) {
      // Lost tokens, never extra ones: the shared buckets refill by themselves.
      this.options.onStoreError?.(error);
    }
  }

  private leaseOf(bucket: BucketSpec): LocalLease {
    let lease = this.leases.get(bucket.key);
    if (!lease) this.leases.set(bucket.key, (lease = new LocalLease(bucket, this.now())));
    return lease;
  }

  /** Resolves false when the store failed. Every caller waiting for the same bucket shares one grant. */
  private refill(lease: LocalLease): Promise<boolean> {
    lease.waiting += 1;
    lease.refilling ??= new Promise<boolean>((resolve) => {
      this.pending.set(lease, resolve);
      this.scheduleFlush();
    }).finally(() => (lease.refilling = null));
    return lease.refilling;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // The refills asked for by requests of the same tick (a burst) leave as one statement.
    process.nextTick(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    const requests = batch.map(([lease]) => {
      const want = Math.max(lease.chunk, lease.waiting);
      lease.waiting = 0;
      return { bucket: lease.bucket, want, returned: 0 };
    });
    let ok = true;
    try {
      this.apply(await this.store.lease(requests), this.now());
    } catch (error) {
      ok = false;
      this.options.onStoreError?.(error);
    }
    for (const [, resolve] of batch) resolve(ok);
  }

  private apply(grants: readonly LeaseGrant[], now: number): void {
    for (const grant of grants) {
      const lease = this.leases.get(grant.key);
      if (!lease) continue;
      lease.tokens += grant.granted;
      lease.level = grant.level;
      lease.levelAt = now;
    }
  }

  private decide(leases: readonly LocalLease[], now: number, refusedBy: LocalLease | null): RateLimitDecision {
    const states = leases.map((lease) => {
      const shared = lease.sharedAt(now);
      const available = lease === refusedBy ? Math.min(1, lease.tokens + shared) : lease.tokens + shared;
      return { lease, shared, available, remaining: Math.max(0, Math.floor(available)) };
    });
    const refused = refusedBy ? states.find((state) => state.lease === refusedBy)! : null;
    const tightest = refused ?? states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    const { bucket } = tightest.lease;
    return {
      admitted: refused === null,
      known: true,
      limit: bucket.capacity,
      remaining: refused ? 0 : tightest.remaining,
      resetSeconds: Math.max(0, Math.ceil((bucket.capacity - tightest.available) / bucket.refillPerSecond)),
      retryAfterSeconds: refused ? Math.max(1, Math.ceil((1 - refused.shared) / refused.lease.bucket.refillPerSecond)) : 0,
      policy: policyOf(leases.map((lease) => lease.bucket)),
    };
  }
}

export const policyOf = (buckets: readonly BucketSpec[]): string =>
  buckets.map((bucket) => `${bucket.capacity};w=${Math.round(bucket.capacity / bucket.refillPerSecond)}`).join(', ');

function unknownDecision(leases: readonly LocalLease[]): RateLimitDecision {
  const bucket = leases[0]!.bucket;
  return {
    admitted: true,
    known: false,
    limit: bucket.capacity,
    remaining: 0,
    resetSeconds: 0,
    retryAfterSeconds: 0,
    policy: '',
  };
}
