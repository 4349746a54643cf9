export interface CredentialUsageThrottleOptions {
  /** At most one report per credential per this many ms. */
  intervalMs: number;
  /** Credentials remembered at once; beyond it the one reported longest ago is forgotten. */
  maxEntries: number;
}

/**
 * Decides which credential uses are worth reporting: the first one, then one per interval. The
 * memory is a Map kept in report order (a credential is re-inserted when reported), so it is
 * bounded by evicting the oldest report — the entry closest to being due anyway. Forgetting a
 * credential only costs one early report, never a missed one.
 */
export class CredentialUsageThrottle {
  private readonly lastReportedAt = new Map<string, number>();

  constructor(private readonly options: CredentialUsageThrottleOptions) {
    if (!(options.intervalMs >= 0) || !(options.maxEntries >= 1)) {
      throw new Error('CredentialUsageThrottle: intervalMs must be >= 0 and maxEntries >= 1');
    }
  }

  /** True (and remembered as reported at `nowMs`) when this use should be reported. */
  claim(credentialId: string, nowMs: number): boolean {
    const last = this.lastReportedAt.get(credentialId);
    // A clock that stepped back (nowMs < last) reports rather than staying silent until it catches up.
    if (last !== undefined && nowMs >= last && nowMs - last < this.options.intervalMs) return false;
    this.lastReportedAt.delete(credentialId);
    this.lastReportedAt.set(credentialId, nowMs);
    if (this.lastReportedAt.size > this.options.maxEntries) {
      const oldest = this.lastReportedAt.keys().next().value as string;
      this.lastReportedAt.delete(oldest);
    }
    return true;
  }

  /** Undoes a claim whose report could not be written, so the next use tries again. */
  release(credentialId: string, claimedAtMs: number): void {
    if (this.lastReportedAt.get(credentialId) === claimedAtMs) this.lastReportedAt.delete(credentialId);
  }

  get size(): number {
    return this.lastReportedAt.size;
  }
}
