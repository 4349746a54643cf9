import type {
  DataSource,
  DeepPartial,
  EntityManager,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { entityTable } from '../qualified-table';
import { quoteIdentifier } from '../sql-identifier';
import { assertCompanyId } from './company-id';

/** An entity of tenant data: every row belongs to one company. */
export interface CompanyOwned {
  companyId: string;
}

/** A condition on a tenant table, without the company: the repository adds it, and it cannot be named here. */
export type ScopedWhere<T> = Omit<FindOptionsWhere<T>, 'companyId'>;

export interface ScopedFindManyOptions<T> extends Omit<FindManyOptions<T>, 'where'> {
  /** An array is an OR of conditions; each is ANDed with the company. */
  where?: ScopedWhere<T> | ScopedWhere<T>[];
}

export interface ScopedFindOneOptions<T> extends Omit<FindOneOptions<T>, 'where'> {
  where: ScopedWhere<T> | ScopedWhere<T>[];
}

/** A query alias is spliced into SQL: a plain lower-case identifier only. */
function assertAlias(what: string, alias: string): void {
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(alias)) throw new Error(`${what}: alias "${alias}" must be a lower-case identifier`);
}

/**
 * A repository of one tenant table, bound to one company (Novu's `EnforceEnvId`, by
 * construction): it cannot be made without a company id, and every read, count, update and
 * delete is ANDed with `company_id = <that id>`, which a caller can neither leave out nor name
 * (conditions are `ScopedWhere`). A row it creates gets the company; a row of another company
 * is refused by `save`. Made from the DataSource or from a transaction's EntityManager, so row
 * locks (`lock: { mode: 'pessimistic_write' }`) and transactions work as with TypeORM's own.
 *
 *   const users = CompanyScopedRepository.of(manager, UserEntity, companyId);
 *   const user = await users.findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
 *
 * Tables without a company id go through `unscopedRepository`, which refuses tenant entities; raw
 * SQL on tenant tables through `CompanyScopedSql`. Lint forbids `getRepository`, raw queries and
 * query builders anywhere else in app code but a named allow-list (eslint.config.mjs, decision 0056).
 */
export class CompanyScopedRepository<T extends CompanyOwned & ObjectLiteral> {
  private constructor(
    private readonly repository: Repository<T>,
    readonly companyId: string,
  ) {}

  static of<T extends CompanyOwned & ObjectLiteral>(
    source: DataSource | EntityManager,
    // A class, not any EntityTarget: TypeORM's ObjectType admits any Function, which would let a
    // table without a company id through.
    entity: new () => T,
    companyId: string,
  ): CompanyScopedRepository<T> {
    assertCompanyId('CompanyScopedRepository', companyId);
    return new CompanyScopedRepository(source.getRepository(entity), companyId);
  }

  find(options: ScopedFindManyOptions<T> = {}): Promise<T[]> {
    return this.repository.find({ ...options, where: this.scoped(options.where) });
  }

  findAndCount(options: ScopedFindManyOptions<T> = {}): Promise<[T[], number]> {
    return this.repository.findAndCount({ ...options, where: this.scoped(options.where) });
  }

  findBy(where: ScopedWhere<T> | ScopedWhere<T>[]): Promise<T[]> {
    return this.repository.findBy(this.scoped(where));
  }

  findOne(options: ScopedFindOneOptions<T>): Promise<T | null> {
    return this.repository.findOne({ ...options, where: this.scoped(options.where) });
  }

  findOneBy(where: ScopedWhere<T> | ScopedWhere<T>[]): Promise<T | null> {
    return this.repository.findOneBy(this.scoped(where));
  }

  count(options: ScopedFindManyOptions<T> = {}): Promise<number> {
    return this.repository.count({ ...options, where: this.scoped(options.where) });
  }

  exists(options: ScopedFindManyOptions<T> = {}): Promise<boolean> {
    return this.repository.exists({ ...options, where: this.scoped(options.where) });
  }

  /**
   * How many rows (matching `where`) share each value of `column` — live users per role, say —
   * in one GROUP BY; values without rows are absent. Keys are the values as text.
   */
  async countPer(column: keyof T & string, where: ScopedWhere<T> = {} as ScopedWhere<T>): Promise<Map<string, number>> {
    const rows = await this.repository
      .createQueryBuilder('row')
      .select(`row.${column}`, 'value')
      .addSelect('COUNT(*)', 'count')
      .where(this.scoped(where))
      .groupBy(`row.${column}`)
      .getRawMany<{ value: unknown; count: string }>();
    return new Map(rows.map((row) => [String(row.value), Number(row.count)]));
  }

  /**
   * A SELECT over this company's rows of the table, for what find options cannot say — sums,
   * `FILTER`, `GROUP BY` a local day, a cursor's SQL (`getQueryAndParameters()`). The table enters
   * as a subquery already narrowed to the company under `alias`, so no later `.where()` can widen
   * it (PostgreSQL inlines it: the plan is the plain table's). Columns are the database's names
   * (`alias.created_at`), as in any raw select; join other tables through their own `rowsOf`.
   *
   *   const { leads } = await contacts.rowsOf('c').select('COUNT(*)::int', 'leads')
   *     .where('c.created_at >= :from AND c.created_at < :to', { from, to }).getRawOne();
   */
  rowsOf(alias: string): SelectQueryBuilder<ObjectLiteral> {
    assertAlias('rowsOf', alias);
    return this.repository.manager.createQueryBuilder().from((rows) => this.narrowed(rows, alias), alias);
  }

  /**
   * `rowsOf` answering entities: a SELECT of this company's rows of the table whose `getMany()`
   * maps them as `find` does, for what find options cannot say — an ORDER BY the expression an
   * index is built on, say. The table enters as the same subquery narrowed to the company, so no
   * later `.where()` or `.orWhere()` can widen it; conditions may name properties (`m.contactPhone`).
   *
   *   const newest = await messages.entitiesOf('m').where('m.status IN (:...statuses)', { statuses })
   *     .orderBy('COALESCE(carrier_ts, created_at)', 'DESC').limit(50).getMany();
   */
  entitiesOf(alias: string): SelectQueryBuilder<T> {
    assertAlias('entitiesOf', alias);
    const narrowed = this.narrowed(this.repository.manager.createQueryBuilder().subQuery(), alias);
    const query = this.repository.createQueryBuilder(alias).setParameters(narrowed.getParameters());
    // The main alias keeps the entity's metadata (mapping, property names) and reads from the
    // narrowed subquery instead of the table: TypeORM's FROM takes an alias's subquery when it has one.
    query.expressionMap.mainAlias!.subQuery = narrowed.getQuery();
    return query;
  }

  /** `SELECT * FROM <table> WHERE company_id = :scoped_company_<alias>` on `rows`, a subquery builder. */
  private narrowed(rows: SelectQueryBuilder<ObjectLiteral>, alias: string): SelectQueryBuilder<ObjectLiteral> {
    const companyColumn = this.repository.metadata.findColumnWithPropertyName('companyId')?.databaseName ?? 'company_id';
    const parameter = `scoped_company_${alias}`;
    return rows
      .select('*')
      .from(this.repository.metadata.tablePath, 'scoped')
      .where(`scoped.${companyColumn} = :${parameter}`, { [parameter]: this.companyId });
  }

  /** A new row of this company (not saved). */
  create(values: Omit<DeepPartial<T>, 'companyId'>): T {
    return this.repository.create({ ...values, companyId: this.companyId } as DeepPartial<T>);
  }

  /** Saves a row of this company; a row of another company is a bug and throws before any SQL. */
  async save(entity: T): Promise<T> {
    this.assertOwn(entity);
    return this.repository.save(entity);
  }

  /** Inserts new rows of this company in one statement (no read-back as `save` does); another company's row throws before any SQL. */
  async insert(entities: T[]): Promise<void> {
    if (entities.length === 0) return;
    for (const entity of entities) this.assertOwn(entity);
    await this.repository.insert(entities as QueryDeepPartialEntity<T>[]);
  }

  /**
   * Inserts rows of this company, or, where one collides on `conflictPaths`, overwrites the
   * collided row's `overwrite` columns with the new values (`INSERT … ON CONFLICT … DO UPDATE`):
   * a sync writing each day it fetched over what was there. The conflict target must identify rows
   * of one company (its key holds this company's own row id, say a parent's found in the company
   * first): the company column itself is never overwritten. Another company's row throws before any SQL.
   */
  async upsert(entities: T[], conflictPaths: Array<keyof T & string>, overwrite: Array<keyof T & string>): Promise<void> {
    if (entities.length === 0) return;
    for (const entity of entities) this.assertOwn(entity);
    if (overwrite.includes('companyId')) throw new Error('upsert: the company column is never overwritten');
    const columnOf = (property: string) => {
      const column = this.repository.metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`upsert: ${property} is not a column`);
      return column.databaseName;
    };
    await this.repository
      .createQueryBuilder()
      .insert()
      .values(entities as QueryDeepPartialEntity<T>[])
      .orUpdate(overwrite.map(columnOf), conflictPaths.map(columnOf))
      .updateEntity(false)
      .execute();
  }

  /**
   * Inserts new rows of this company, skipping those that would break a unique key
   * (`ON CONFLICT DO NOTHING`: the transaction is not aborted). Returns how many were inserted.
   */
  async insertIgnoringExisting(entities: T[]): Promise<number> {
    if (entities.length === 0) return 0;
    for (const entity of entities) this.assertOwn(entity);
    const primary = this.repository.metadata.primaryColumns.map((column) => column.databaseName);
    const result = await this.repository
      .createQueryBuilder()
      .insert()
      .values(entities as QueryDeepPartialEntity<T>[])
      .orIgnore()
      .returning(primary)
      .execute();
    return (result.raw as unknown[]).length;
  }

  /** Updates the matching rows of this company; the company itself cannot be changed. Returns how many. */
  async update(where: ScopedWhere<T>, values: Omit<QueryDeepPartialEntity<T>, 'companyId'>): Promise<number> {
    this.assertNarrowed(where, 'update');
    const result = await this.repository.update(this.scoped(where) as FindOptionsWhere<T>, values as QueryDeepPartialEntity<T>);
    return result.affected ?? 0;
  }

  /**
   * Updates the matching rows of this company and answers `columns` of each as the update left
   * them (`UPDATE … RETURNING`): a counter moved and read in one statement. `parameters` name the
   * `:placeholders` of a computed value (`{ count: () => 'count + :step' }`).
   */
  async updateReturning<K extends keyof T & string>(
    where: ScopedWhere<T>,
    values: Omit<QueryDeepPartialEntity<T>, 'companyId'>,
    columns: readonly K[],
    parameters: Record<string, unknown> = {},
  ): Promise<Array<Pick<T, K>>> {
    this.assertNarrowed(where, 'update');
    const names = columns.map((property) => {
      const column = this.repository.metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`${this.repository.metadata.name} has no column ${property}`);
      return [property, column.databaseName] as const;
    });
    const result = await this.repository
      .createQueryBuilder()
      .update()
      .set(values as QueryDeepPartialEntity<T>)
      .where(this.scoped(where))
      .setParameters(parameters)
      .returning(names.map(([property]) => property))
      .execute();
    const rows = result.raw as Array<Record<string, unknown>>;
    return rows.map(
      (row) => Object.fromEntries(names.map(([property, databaseName]) => [property, row[databaseName]])) as Pick<T, K>,
    );
  }

  /**
   * This company's rows whose id is one of `ids`, locked (`FOR UPDATE`) in id order, so two
   * transactions locking overlapping sets never wait on each other in a circle. One plain statement
   * (`id = ANY($2)`), each column hydrated as TypeORM's `find` hydrates it (the driver's conversion
   * and the column's transformer): for the paths that lock a batch of rows at once, where
   * `find({ where: { id: In(ids) }, lock })` spent more CPU building the query and mapping the
   * rows than the statement cost (docs/benchmarks.md, bench:workflows). No load subscribers run
   * (`@AfterLoad`: the suite has none). `skipLocked`: rows another
   * transaction holds are left out instead of waited for; `live`: rows with `deletedAt` set are left out.
   */
  async lockByIds(ids: readonly string[], options: { skipLocked?: boolean; live?: boolean } = {}): Promise<T[]> {
    if (ids.length === 0) return [];
    const metadata = this.repository.metadata;
    const columnOf = (property: string) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`lockByIds: ${metadata.name} has no column ${property}`);
      return quoteIdentifier(column.databaseName);
    };
    const [primary, ...more] = metadata.primaryColumns;
    if (!primary || more.length > 0 || primary.propertyName !== 'id')
      throw new Error(`lockByIds: ${metadata.name} is not keyed by id`);
    const columns = metadata.columns.filter((column) => column.isSelect && !column.isVirtual);
    const id = quoteIdentifier(primary.databaseName);
    const rows: Array<Record<string, unknown>> = await this.repository.manager.query(
      `SELECT ${columns.map((column) => quoteIdentifier(column.databaseName)).join(', ')}
         FROM ${entityTable(this.repository.manager.connection, metadata.target)}
        WHERE ${columnOf('companyId')} = $1 AND ${id} = ANY($2)${options.live ? ` AND ${columnOf('deletedAt')} IS NULL` : ''}
        ORDER BY ${id} FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`,
      [this.companyId, [...new Set(ids)]],
    );
    const driver = this.repository.manager.connection.driver;
    return rows.map((row) => {
      const entity = metadata.create() as T;
      for (const column of columns) column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
      return entity;
    });
  }

  /** Deletes the matching rows of this company. Returns how many. */
  async delete(where: ScopedWhere<T>): Promise<number> {
    this.assertNarrowed(where, 'delete');
    const result = await this.repository.delete(this.scoped(where) as FindOptionsWhere<T>);
    return result.affected ?? 0;
  }

  /** The company is spread last: a condition that slipped a companyId in through a cast is overridden. */
  private scoped(where: ScopedWhere<T> | ScopedWhere<T>[] = {} as ScopedWhere<T>): FindOptionsWhere<T> | FindOptionsWhere<T>[] {
    const company = { companyId: this.companyId } as FindOptionsWhere<T>;
    if (!Array.isArray(where)) return { ...where, ...company };
    return where.length === 0 ? company : where.map((condition) => ({ ...condition, ...company }));
  }

  private assertOwn(entity: T): void {
    if (entity.companyId !== this.companyId) {
      throw new Error(`a row of company ${entity.companyId} cannot be saved through the repository of company ${this.companyId}`);
    }
  }

  /** TypeORM refuses an empty condition on update and delete; the company alone must not turn it into "all its rows". */
  private assertNarrowed(where: ScopedWhere<T>, what: string): void {
    if (Object.keys(where).length === 0) throw new Error(`${what} needs a condition besides the company`);
  }
}
