import type { OnModuleDestroy } from '@nestjs/common';
import type { OpaqueCredentialKind } from '@suite/contracts';
import type { Clock } from '@suite/time';
import { CredentialUsageThrottle } from './credential-usage.throttle';

/** One accepted use of a personal access token or API key, as reported to auth. */
export interface CredentialUse {
  credentialId: string;
  kind: OpaqueCredentialKind;
  companyId: string;
  usedAt: Date;
  /** The app that accepted the credential. */
  app: string;
}

/** Makes a use durable (an outbox row in production); may be slow or fail, the caller never waits. */
export type CredentialUsageWriter = (use: CredentialUse) => Promise<void>;

export interface CredentialUsageRecorderOptions {
  app: string;
  write: CredentialUsageWriter;
  clock: Clock;
  logger: { error(message: string, context: Record<string, unknown>): void };
  /** Default one minute. */
  intervalMs?: number;
  /** Default 10,000 credentials (about a megabyte). */
  maxEntries?: number;
  /**
   * Writes in flight at once; a use beyond it is dropped (and not remembered, so the next use of
   * that credential tries again) rather than queued, so a burst of distinct credentials cannot
   * take the connections requests need. Default 8.
   */
  maxPendingWrites?: number;
  /** How long shutdown waits for writes in flight. Default 2 s. */
  drainTimeoutMs?: number;
}

export const CREDENTIAL_USAGE_INTERVAL_MS = 60_000;

/**
 * Reports successful credential checks so auth can show "last used": throttled to one write per
 * credential per interval in this process, fire-and-forget. `record` returns at once and never
 * throws; a failed write is logged and the credential forgotten, so its next use reports again.
 * The check's result never depends on any of this.
 */
export class CredentialUsageRecorder implements OnModuleDestroy {
  private readonly throttle: CredentialUsageThrottle;
  private readonly pending = new Set<Promise<void>>();
  private readonly maxPendingWrites: number;
  private closed = false;

  constructor(private readonly options: CredentialUsageRecorderOptions) {
    this.throttle = new CredentialUsageThrottle({
      intervalMs: options.intervalMs ?? CREDENTIAL_USAGE_INTERVAL_MS,
      maxEntries: options.maxEntries ?? 10_000,
    });
    this.maxPendingWrites = options.maxPendingWrites ?? 8;
  }

  record(credential: Pick<CredentialUse, 'credentialId' | 'kind' | 'companyId'>): void {
    if (this.closed) return;
    const usedAt = this.options.clock.now();
    const claimedAt = usedAt.getTime();
    if (!this.throttle.claim(credential.credentialId, claimedAt)) return;
    if (this.pending.size >= this.maxPendingWrites) {
      this.throttle.release(credential.credentialId, claimedAt);
      return;
    }
    const use: CredentialUse = { ...credential, usedAt, app: this.options.app };
    // Started on a later tick: nothing of the write, not even a synchronous throw, runs on the request's path.
    const write: Promise<void> = Promise.resolve()
      .then(() => this.options.write(use))
      .catch((error: unknown) => {
        this.throttle.release(credential.credentialId, claimedAt);
        this.options.logger.error('could not record a credential use; the next use will try again', {
          credentialId: credential.credentialId,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Writes in flight (tests, shutdown). */
  get pendingWrites(): number {
    return this.pending.size;
  }

  /** Resolves when the writes in flight are done, or after the drain timeout. */
  async drain(): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.drainTimeoutMs ?? 2_000)));
    await Promise.race([Promise.allSettled([...this.pending]), timeout]);
    clearTimeout(timer);
  }

  /** Before eventing stops (beforeApplicationShutdown) and the DataSource closes: finish the writes in flight. */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.drain();
  }
}
