import type { DataSource, EntityManager } from 'typeorm';
import { assertCompanyId } from './company-id';

/** What a statement answered: its rows (RETURNING's, for a write) and how many rows it touched. */
export interface ScopedResult<R> {
  rows: R[];
  affected: number;
}

/**
 * Raw SQL on tenant tables, bound to one company (decision 0056): for what neither find options
 * nor `rowsOf` can say — `INSERT … ON CONFLICT` on a replica, a CTE that updates two tables, a
 * keyed hash. The company is always `$1`: it is bound by the store, never passed by the caller,
 * whose values are `$2`, `$3`, …; a statement that does not name `$1` is refused before any SQL.
 * Every tenant table the statement reads or writes is narrowed by `company_id = $1` — the one
 * thing a reviewer checks, and the one shape to check.
 *
 *   await CompanyScopedSql.of(manager, companyId).run(
 *     `UPDATE ${contacts} SET phone = NULL WHERE company_id = $1 AND id = $2`, [contactId]);
 *
 * Made from the DataSource (a pooled connection per statement) or from a transaction's EntityManager.
 */
export class CompanyScopedSql {
  private constructor(
    private readonly manager: EntityManager,
    readonly companyId: string,
  ) {}

  static of(source: DataSource | EntityManager, companyId: string): CompanyScopedSql {
    assertCompanyId('CompanyScopedSql', companyId);
    return new CompanyScopedSql('manager' in source ? source.manager : source, companyId);
  }

  /** The rows the statement answered (a SELECT's, or a write's RETURNING). */
  async rows<R>(sql: string, values: readonly unknown[] = []): Promise<R[]> {
    return (await this.run<R>(sql, values)).rows;
  }

  /** Runs the statement with the company as `$1` and `values` as `$2`…; its rows and how many it touched. */
  async run<R = never>(sql: string, values: readonly unknown[] = []): Promise<ScopedResult<R>> {
    if (!/\$1(?![0-9])/.test(sql)) throw new Error('CompanyScopedSql: the statement must narrow to the company ($1)');
    const runner = this.manager.queryRunner ?? this.manager.connection.createQueryRunner();
    try {
      const result = await runner.query(sql, [this.companyId, ...values], true);
      return { rows: (result.records ?? []) as R[], affected: result.affected ?? (result.records ?? []).length };
    } finally {
      if (!this.manager.queryRunner) await runner.release();
    }
  }
}
