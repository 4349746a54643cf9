import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, In, QueryFailedError, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AppError, normalizePhone, PHONE_FORMS, type PageRequest } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { ReputationChecks } from './reputation-checks';
import { containsPattern, nextRenewal } from './spam-number-rules';
import { SpamProtectedNumberEntity, type SpamNumberType, type SpamStatus } from './spam-protected-number.entity';

export const SPAM_NUMBER_NOT_FOUND = 'Spam-protected number not found.';
export const ONLY_CUSTOM_EDITABLE = 'Only Custom numbers can be edited; AI and House numbers follow the purchased numbers.';
export const ONLY_CUSTOM_REMOVABLE = 'Only Custom numbers can be removed; AI and House numbers follow the purchased numbers.';
export const ALREADY_PROTECTED = 'The company already protects this number.';

const alreadyProtected = () => new AppError('conflict', ALREADY_PROTECTED, { pnumber: ['already protected'] });

export interface SpamNumbersFilter {
  search?: string;
  status?: SpamStatus;
  type?: SpamNumberType;
}

/** A row and the renewal answered for it now. */
export interface SpamNumberView {
  row: SpamProtectedNumberEntity;
  renewal: string | null;
}

/**
 * The company's spam-protected numbers: House and AI rows follow its purchased numbers
 * (PurchasedNumbersHandler) and are read-only here; Custom rows are typed in, edited and removed.
 * Every new or renumbered row gets a reputation check (ReputationChecks).
 */
@Injectable()
export class SpamNumbersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly checks: ReputationChecks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Newest first; `search` matches part of the number, the type or the status. */
  async list(
    companyId: string,
    filter: SpamNumbersFilter,
    page: PageRequest,
  ): Promise<{ rows: SpamNumberView[]; total: number }> {
    const base: FindOptionsWhere<SpamProtectedNumberEntity> = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.type ? { type: filter.type } : {}),
    };
    const term = filter.search?.trim();
    const where = term ? this.searchConditions(base, filter, term) : [base];
    const [rows, total] = await this.rows(this.dataSource, companyId).findAndCount({
      where,
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { rows: await this.withRenewals(companyId, rows), total };
  }

  /** Watches a number the company typed in (Custom) and checks it now. */
  async create(companyId: string, pnumber: string): Promise<SpamNumberView> {
    const number = this.normalised(pnumber);
    const row = await this.unique(() =>
      this.dataSource.transaction(async (manager) => {
        const rows = this.rows(manager, companyId);
        if (await rows.exists({ where: { pnumber: number } })) throw alreadyProtected();
        const created = await rows.save(
          rows.create({ pnumber: number, type: 'Custom', status: 'In Progress', phoneNumberId: null, renewal: null }),
        );
        await this.checks.startSchedule(manager, created);
        return created;
      }),
    );
    return { row, renewal: null };
  }

  /** Renumbers a Custom row; a new number starts over (In Progress, no answers) and is checked now. */
  async update(companyId: string, id: string, pnumber: string): Promise<SpamNumberView> {
    const number = this.normalised(pnumber);
    const row = await this.unique(() =>
      this.dataSource.transaction(async (manager) => {
        const rows = this.rows(manager, companyId);
        const row = await this.lockCustom(manager, companyId, id, ONLY_CUSTOM_EDITABLE);
        if (row.pnumber === number) return row;
        if (await rows.exists({ where: { pnumber: number } })) throw alreadyProtected();
        const renumbered = await rows.save({
          ...row,
          pnumber: number,
          status: 'In Progress',
          flaggedCarriers: [],
          lastCheckedAt: null,
          statusReason: null,
        });
        await this.checks.checkNow(manager, renumbered);
        return renumbered;
      }),
    );
    return { row, renewal: null };
  }

  /** Stops watching a Custom number; its queued checks find no row and end. */
  async remove(companyId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockCustom(manager, companyId, id, ONLY_CUSTOM_REMOVABLE);
      await this.rows(manager, companyId).delete({ id: row.id });
    });
  }

  /** Queues one check of the row now (its schedule stays as it is). */
  async checkNow(companyId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.rows(manager, companyId).findOne({ select: { id: true, companyId: true }, where: { id } });
      if (!row) throw new AppError('not_found', SPAM_NUMBER_NOT_FOUND);
      await this.checks.checkNow(manager, row);
    });
  }

  /**
   * Rows whose number, type or status contains `term`, within the filters. A column the filter
   * fixes matches or not as a whole (the filter's value against the term), so the OR stays within it.
   */
  private searchConditions(
    base: FindOptionsWhere<SpamProtectedNumberEntity>,
    filter: SpamNumbersFilter,
    term: string,
  ): Array<FindOptionsWhere<SpamProtectedNumberEntity>> {
    const pattern = ILike(containsPattern(term));
    const contains = (value: string) => value.toLowerCase().includes(term.toLowerCase());
    const conditions: Array<FindOptionsWhere<SpamProtectedNumberEntity>> = [{ ...base, pnumber: pattern }];
    if (!filter.type) conditions.push({ ...base, type: pattern as FindOptionsWhere<SpamProtectedNumberEntity>['type'] });
    else if (contains(filter.type)) conditions.push(base);
    if (!filter.status) conditions.push({ ...base, status: pattern as FindOptionsWhere<SpamProtectedNumberEntity>['status'] });
    else if (contains(filter.status)) conditions.push(base);
    return conditions;
  }

  private async lockCustom(
    manager: EntityManager,
    companyId: string,
    id: string,
    refusal: string,
  ): Promise<SpamProtectedNumberEntity> {
    const row = await this.rows(manager, companyId).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new AppError('not_found', SPAM_NUMBER_NOT_FOUND);
    if (row.type !== 'Custom')
      throw new AppError('unprocessable', refusal, { id: [`${row.type} numbers cannot be changed here`] });
    return row;
  }

  /** Purchased numbers renew monthly: the next renewal from today, from the purchase time (the stored first one without it). */
  private async withRenewals(companyId: string, rows: SpamProtectedNumberEntity[]): Promise<SpamNumberView[]> {
    const ids = rows.flatMap((row) => (row.phoneNumberId ? [row.phoneNumberId] : []));
    const purchases =
      ids.length === 0
        ? []
        : await CompanyScopedRepository.of(this.dataSource, PhoneNumberEntity, companyId).find({
            select: { id: true, purchasedAt: true },
            where: { id: In(ids) },
          });
    const purchasedAt = new Map(purchases.map((number) => [number.id, number.purchasedAt]));
    const today = this.clock.now();
    return rows.map((row) => {
      const purchased = row.phoneNumberId ? purchasedAt.get(row.phoneNumberId) : undefined;
      return { row, renewal: purchased ? nextRenewal(purchased, today) : row.renewal };
    });
  }

  private normalised(pnumber: string): string {
    const number = normalizePhone(pnumber);
    if (!number)
      throw new AppError('unprocessable', `pnumber must be a phone number: ${PHONE_FORMS}.`, { pnumber: ['not a phone number'] });
    return number;
  }

  /** Two requests adding one number at once: the unique index refuses the second, as the check would have. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw alreadyProtected();
      }
      throw error;
    }
  }

  private rows(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<SpamProtectedNumberEntity> {
    return CompanyScopedRepository.of(source, SpamProtectedNumberEntity, companyId);
  }
}
