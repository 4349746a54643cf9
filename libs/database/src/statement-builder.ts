import type { QueryRunner } from 'typeorm';
import { PreparedStatement } from './prepared-statement';

/** How a parameter's value is taken from the input of one run. */
type ParamValue<Input> = (input: Input) => unknown;

/**
 * The columns of an `unnest(…)` over rows, in order: each column's name (as the alias names it),
 * its SQL element type, and its value in one row. One entry is all a new column needs.
 */
export type UnnestColumns<Row> = Readonly<Record<string, readonly [sqlType: string, value: (row: Row) => unknown]>>;

/** `a, b, c`: the column names of `columns`, in their order (for an INSERT's column list). */
export function columnList(columns: UnnestColumns<never>): string {
  return Object.keys(columns).join(', ');
}

/** The parameters of an `unnest(…)` over `rows`: one array per column of `columns`, in their order. */
export function unnestArrays<Row>(rows: readonly Row[], columns: UnnestColumns<Row>): unknown[][] {
  return Object.values(columns).map(([, value]) => rows.map(value));
}

/**
 * `unnest($a::type[], …) [WITH ORDINALITY] AS alias(column, … [, ordinality])` with the arrays'
 * placeholders in order from `$<from>`, for a statement not assembled by a StatementBuilder (its
 * values: unnestArrays, at those places).
 */
export function unnestSql(alias: string, columns: UnnestColumns<never>, options: { from: number; ordinality?: string }): string {
  return unnestOf(alias, columns, (index) => `$${options.from + index}`, options.ordinality);
}

function unnestOf(
  alias: string,
  columns: UnnestColumns<never>,
  placeholder: (index: number) => string,
  ordinality?: string,
): string {
  const arrays = Object.values(columns).map(([sqlType], index) => `${placeholder(index)}::${sqlType}[]`);
  const names = ordinality ? `${columnList(columns)}, ${ordinality}` : columnList(columns);
  return `unnest(${arrays.join(', ')})${ordinality ? ' WITH ORDINALITY' : ''} AS ${alias}(${names})`;
}

/**
 * Where a part of a statement (a CTE, a fragment) allocates its parameters. `param(pick)` answers
 * the next placeholder (`$n`) and keeps how its value is taken from the statement's input, so a
 * part neither numbers its parameters nor knows which parts come before it. `of(select)` gives a
 * part the piece of the input it reads.
 */
export class StatementParams<Input> {
  protected constructor(private readonly allocate: (pick: ParamValue<Input>) => string) {}

  /** The placeholder of a new parameter whose value is `pick(input)` at each run. */
  param(pick: ParamValue<Input>): string {
    return this.allocate(pick);
  }

  /** The same statement's parameters, for a part whose values come from `select(input)`. */
  of<Part>(select: (input: Input) => Part): StatementParams<Part> {
    return new StatementParams<Part>((pick) => this.allocate((input) => pick(select(input))));
  }

  /**
   * `unnest($a::type[], …) [WITH ORDINALITY] AS alias(column, … [, ordinality])`: the input's rows
   * as a relation, one array parameter per column. Any number of rows, one statement text.
   */
  unnest<Row>(
    this: StatementParams<readonly Row[]>,
    alias: string,
    columns: UnnestColumns<Row>,
    options: { ordinality?: string } = {},
  ): string {
    const values = Object.values(columns).map(([, value]) => value);
    return unnestOf(alias, columns, (index) => this.param((rows) => rows.map(values[index])), options.ordinality);
  }
}

/**
 * One SQL statement assembled from parts that allocate their own parameters (StatementParams),
 * then prepared. The text is built once, when the statement is defined, and is the same for every
 * run: a PreparedStatement is parsed and planned once per connection for its text, so values
 * travel only as parameters (arrays through unnest for any number of rows), never in the text.
 */
export class StatementBuilder<Input> extends StatementParams<Input> {
  private readonly picks: Array<ParamValue<Input>>;
  private readonly state: { prepared: boolean };

  constructor() {
    const picks: Array<ParamValue<Input>> = [];
    const state = { prepared: false };
    super((pick) => {
      if (state.prepared) throw new Error('StatementBuilder: a parameter allocated after the statement was prepared');
      picks.push(pick);
      return `$${picks.length}`;
    });
    this.picks = picks;
    this.state = state;
  }

  /** A statement whose text is `build(params)`, for parts that need nothing else from the builder. */
  static define<Input>(
    role: string,
    build: (params: StatementParams<Input>) => string,
    namespace: string,
  ): BuiltStatement<Input> {
    const builder = new StatementBuilder<Input>();
    return builder.prepare(role, build(builder), namespace);
  }

  /**
   * The statement `text`, whose placeholders are the ones this builder allocated, each used: one
   * left out or one not allocated here is a part's text and its parameters disagreeing.
   */
  prepare(role: string, text: string, namespace: string): BuiltStatement<Input> {
    const used = new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    const count = this.picks.length;
    const unused = Array.from({ length: count }, (_, index) => index + 1).filter((n) => !used.has(n));
    const unknown = [...used].filter((n) => n < 1 || n > count);
    if (unused.length > 0 || unknown.length > 0) {
      throw new Error(
        `StatementBuilder ${role}: ${count} parameters allocated; unused ${unused.map((n) => `$${n}`).join(', ') || 'none'}, ` +
          `not allocated ${unknown.map((n) => `$${n}`).join(', ') || 'none'}`,
      );
    }
    this.state.prepared = true;
    return new BuiltStatement(new PreparedStatement(role, text, namespace), this.picks);
  }
}

/** A prepared statement run on an input: its parameters are taken from the input in the order they were allocated. */
export class BuiltStatement<Input> {
  constructor(
    readonly prepared: PreparedStatement,
    private readonly picks: ReadonlyArray<ParamValue<Input>>,
  ) {}

  get text(): string {
    return this.prepared.text;
  }

  values(input: Input): unknown[] {
    return this.picks.map((pick) => pick(input));
  }

  /** On the connection of a TypeORM query runner (PreparedStatement.run). */
  run<T>(runner: QueryRunner, input: Input): Promise<{ rows: T[]; rowCount: number }> {
    return this.prepared.run<T>(runner, this.values(input));
  }
}
