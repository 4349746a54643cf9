import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/runtime';
import { assertCompanyKnown } from '../shared/company-replica.guard';
import { SenderNumberEntity } from './sender-number.entity';
import { addToPool, removeFromPool } from './sender-pool';

/**
 * A workspace's sender pool for the operator routes and the admin CLI (the platform's phone-number
 * events reach it through PhoneNumberPoolHandler). A number belongs to one workspace at a time.
 */
@Injectable()
export class SenderNumbersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds a number, or brings a removed one back (its warm-up starts again: `added_at` is reset,
   * since carriers judge a number by its recent history). Adding an active number again changes
   * nothing. 409 when the number is another workspace's.
   */
  async add(companyId: string, number: string): Promise<SenderNumberEntity> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      if (!(await addToPool(manager, companyId, number))) {
        throw new AppError('conflict', `${number} is already a sender number of another workspace.`);
      }
      return manager.getRepository(SenderNumberEntity).findOneByOrFail({ number });
    });
  }

  async list(companyId: string): Promise<SenderNumberEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      return manager.getRepository(SenderNumberEntity).find({ where: { companyId }, order: { status: 'ASC', number: 'ASC' } });
    });
  }

  /**
   * Takes a number out of the pool. Conversations pinned to it keep the pin until their next
   * message, which re-pins them (recorded in sender_pin_changes). Removing twice answers the same.
   */
  async remove(companyId: string, number: string): Promise<SenderNumberEntity> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      const row = await removeFromPool(manager, companyId, number);
      if (!row) throw new AppError('not_found', `${number} is not a sender number of workspace ${companyId}.`);
      return row;
    });
  }
}
