import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan } from 'typeorm';
import { LoginThrottleEntity } from './login-throttle.entity';
import { admitAttempt, LOGIN_THROTTLE, type Admission, type ThrottleState } from './login-throttle';
import { CLOCK, type Clock } from '@suite/time';

/** How often one process sweeps rows whose failures are forgotten anyway. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The per-account (and per known browser) sign-in throttle in PostgreSQL, so it holds across
 * auth replicas: each attempt is admitted under the rows' locks (one short transaction) before
 * the password is checked; a success deletes the rows of the accounts it opened.
 */
@Injectable()
export class LoginThrottleService {
  private readonly logger = new Logger('LoginThrottle');
  private lastSweep = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Admits one attempt on each key (one per account the email names; decision 0037), each on its
   * own count: a locked account is refused while the others are tried. The rows are locked in
   * key order, so attempts on overlapping sets of accounts queue instead of deadlocking.
   */
  async attempt(keys: readonly string[]): Promise<Map<string, Admission>> {
    const now = this.clock.now();
    await this.sweep(now);
    const sorted = [...new Set(keys)].sort();
    return this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(LoginThrottleEntity);
      // Rows to lock, so concurrent attempts on one key queue here instead of racing.
      await rows
        .createQueryBuilder()
        .insert()
        .values(sorted.map((key) => ({ key, failures: 0, lastFailureAt: now, lockedUntil: null })))
        .orIgnore()
        .execute();
      const locked = await rows.find({ where: { key: In(sorted) }, order: { key: 'ASC' }, lock: { mode: 'pessimistic_write' } });
      const admissions = new Map<string, Admission>();
      for (const row of locked) {
        const admission = admitAttempt(row.failures > 0 ? row : null, now);
        admissions.set(row.key, admission);
        if (!admission.admitted) continue;
        await rows.update({ key: row.key }, admission.next);
        const { lockedUntil, failures } = admission.next;
        // For the operator: a key (never the email) under attack or a user in trouble.
        if (lockedUntil)
          this.logger.warn({
            event: 'login.locked',
            key: row.key,
            failures,
            locked_for_ms: lockedUntil.getTime() - now.getTime(),
          });
      }
      return admissions;
    });
  }

  /** The attempt admitted for `keys` was right for their accounts: their failures are forgotten. */
  async succeeded(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.dataSource.getRepository(LoginThrottleEntity).delete({ key: In([...keys]) });
  }

  /**
   * The attempt admitted for `key` opened another account of the email, not this one: it was no
   * guess at this account (a password that opens one account says nothing new about the others),
   * so the failure counted in advance is taken back, and the lock it set, if no later attempt has
   * set another. Only this attempt's own count goes: concurrent guesses keep theirs.
   */
  async refund(key: string, counted: ThrottleState): Promise<void> {
    await this.dataSource
      .getRepository(LoginThrottleEntity)
      .createQueryBuilder()
      .update()
      .set({
        failures: () => 'failures - 1',
        lockedUntil: () => 'CASE WHEN locked_until = :counted THEN NULL ELSE locked_until END',
      })
      .where('key = :key AND failures > 0', { key, counted: counted.lockedUntil })
      .execute();
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
