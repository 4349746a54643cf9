import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan } from 'typeorm';
import { LoginThrottleEntity } from './login-throttle.entity';
import { admitAttempt, LOGIN_THROTTLE, type Admission } from './login-throttle';
import { CLOCK, type Clock } from '@suite/runtime';

/** How often one process sweeps rows whose failures are forgotten anyway. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The per-account (and per known browser) sign-in throttle in PostgreSQL, so it holds across
 * auth replicas: each attempt is admitted under the row's lock (one short transaction) before
 * the password is checked; a success deletes the row.
 */
@Injectable()
export class LoginThrottleService {
  private readonly logger = new Logger('LoginThrottle');
  private lastSweep = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async attempt(key: string): Promise<Admission> {
    const now = this.clock.now();
    await this.sweep(now);
    return this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(LoginThrottleEntity);
      // A row to lock, so concurrent attempts on one key queue here instead of racing.
      await rows
        .createQueryBuilder()
        .insert()
        .values({ key, failures: 0, lastFailureAt: now, lockedUntil: null })
        .orIgnore()
        .execute();
      const row = await rows.findOneOrFail({ where: { key }, lock: { mode: 'pessimistic_write' } });
      const admission = admitAttempt(row.failures > 0 ? row : null, now);
      if (!admission.admitted) return admission;
      await rows.update({ key }, admission.next);
      const { lockedUntil, failures } = admission.next;
      // For the operator: a key (never the email) under attack or a user in trouble.
      if (lockedUntil)
        this.logger.warn({ event: 'login.locked', key, failures, locked_for_ms: lockedUntil.getTime() - now.getTime() });
      return admission;
    });
  }

  /** The attempt admitted for `key` was right: its failures are forgotten. */
  async succeeded(key: string): Promise<void> {
    await this.dataSource.getRepository(LoginThrottleEntity).delete({ key });
  }

  /** Rows with no failure for 15 minutes count for nothing (every lock has ended by then). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.dataSource
      .getRepository(LoginThrottleEntity)
      .delete({ lastFailureAt: LessThan(new Date(now.getTime() - LOGIN_THROTTLE.forgetAfterMs)) });
  }
}
