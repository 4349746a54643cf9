import type { OnModuleDestroy } from '@nestjs/common';
import type { Principal } from '../principal';
import type { RateLimitClassName } from '@suite/http';
import { credentialKeyOf, type RateLimitPolicy } from './rate-limit-policy';
import { TokenBucketLeases, type BucketLeaseStore, type BucketSpec, type RateLimitDecision } from './token-bucket-leases';

export interface RateLimiterOptions {
  policy: RateLimitPolicy;
  store: BucketLeaseStore;
  logger: { warn(message: string, context: Record<string, unknown>): void };
  /** Unused leased tokens go back after this long (default 1 s). */
  idleReturnMs?: number;
}

const WINDOW_SECONDS = 60;
/** A store failure is logged at most this often: an outage of the database must not flood the log. */
const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The app's per-credential and per-company budgets (decision 0045): which buckets a request
 * spends from, and whether it may. Budgets are per minute; each bucket holds a minute's budget.
 */
export class RateLimiter implements OnModuleDestroy {
  private readonly leases: TokenBucketLeases;
  private readonly sweeper: NodeJS.Timeout;
  private lastStoreErrorLogAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: RateLimiterOptions) {
    this.leases = new TokenBucketLeases(options.store, {
      idleReturnMs: options.idleReturnMs ?? 1000,
      onStoreError: (error) => this.storeFailed(error),
    });
    this.sweeper = setInterval(() => void this.leases.returnIdle(), options.idleReturnMs ?? 1000);
    this.sweeper.unref();
  }

  get policy(): RateLimitPolicy {
    return this.options.policy;
  }

  admit(principal: Principal, rateClass: RateLimitClassName): Promise<RateLimitDecision> {
    const budget = this.options.policy[rateClass];
    return this.leases.admit([
      bucket(`${rateClass}:${credentialKeyOf(principal)}`, budget.perCredential),
      bucket(`${rateClass}:company:${principal.companyId}`, budget.perCompany),
    ]);
  }

  /** Gives every leased token back, so the other replicas can spend it. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await this.leases.returnIdle(true);
  }

  private storeFailed(error: unknown): void {
    const now = Date.now();
    if (now - this.lastStoreErrorLogAt < STORE_ERROR_LOG_INTERVAL_MS) return;
    this.lastStoreErrorLogAt = now;
    this.options.logger.warn('rate limits could not reach their buckets; requests are admitted unlimited meanwhile', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

const bucket = (key: string, perMinute: number): BucketSpec => ({
  key,
  capacity: perMinute,
  refillPerSecond: perMinute / WINDOW_SECONDS,
});
