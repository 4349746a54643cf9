import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan } from 'typeorm';
import { CLOCK, type Clock } from '@suite/time';
import { UsedLoginChoiceEntity } from './used-login-choice.entity';

/** How often one process sweeps choices past their expiry. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Makes a company choice single-use across every auth replica: the first redemption of a nonce
 * inserts its row, any later one finds it there.
 */
@Injectable()
export class LoginChoiceRedemptions {
  private lastSweep = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** True the first time `nonce` is redeemed; false ever after (until it is swept, past `expiresAt`). */
  async redeem(nonce: string, expiresAt: Date): Promise<boolean> {
    await this.sweep();
    const inserted = await this.dataSource
      .getRepository(UsedLoginChoiceEntity)
      .createQueryBuilder()
      .insert()
      .values({ nonce, expiresAt })
      .orIgnore()
      .returning(['nonce'])
      .execute();
    return (inserted.raw as unknown[]).length === 1;
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.dataSource.getRepository(UsedLoginChoiceEntity).delete({ expiresAt: LessThan(now) });
  }
}
