import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/runtime';
import { assertCompanyKnown } from '../shared/company-replica.guard';
import { SenderNumberEntity } from './sender-number.entity';

/**
 * A workspace's sender pool (operator routes and the admin CLI today; the platform's phone-number
 * events later). A number belongs to one workspace at a time.
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
      const rows: unknown[] = await manager.query(
        `INSERT INTO messaging.sender_numbers AS n (number, company_id, status, added_at)
         VALUES ($1, $2, 'active', now())
         ON CONFLICT (number) DO UPDATE
            SET status = 'active',
                removed_at = NULL,
                added_at = CASE WHEN n.status = 'removed' THEN now() ELSE n.added_at END
          WHERE n.company_id = EXCLUDED.company_id
         RETURNING number`,
        [number, companyId],
      );
      if (rows.length === 0) throw new AppError('conflict', `${number} is already a sender number of another workspace.`);
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
      const repository = manager.getRepository(SenderNumberEntity);
      await repository.update({ number, companyId, status: 'active' }, { status: 'removed', removedAt: new Date() });
      const row = await repository.findOneBy({ number, companyId });
      if (!row) throw new AppError('not_found', `${number} is not a sender number of workspace ${companyId}.`);
      return row;
    });
  }
}
