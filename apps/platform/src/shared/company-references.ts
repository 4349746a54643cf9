import { CompanyScopedRepository, type CompanyOwned, type ScopedWhere } from '@suite/database';
import { In, type EntityManager, type ObjectLiteral } from 'typeorm';
import { AppError } from '@suite/http';
import type { SentId } from '../ids/sent-id';

type Row = CompanyOwned & ObjectLiteral & { id: string };

/**
 * A body field that holds ids of the company's rows: `entity` is where they must be, `where` what
 * a usable row also is (live, not released). `noun` names one of them with its article
 * (`a phone number`); `many` marks an array field, whose sentence lists the refused ids.
 */
export interface CompanyReference<T extends Row> {
  entity: new () => T;
  noun: string;
  ids: readonly SentId[];
  many?: boolean;
  where?: ScopedWhere<T>;
  /**
   * How the rows found are held until the transaction ends: `share` (the default) keeps them from
   * being deleted or changed; `update` when the write itself changes the row (a share lock taken
   * first would deadlock two such writes upgrading it); `none` when the write locks them itself later.
   */
  lock?: 'share' | 'update' | 'none';
}

const LOCKS = {
  share: { lock: { mode: 'pessimistic_read' } },
  update: { lock: { mode: 'pessimistic_write' } },
  none: {},
} as const;

type Found<R> = { [K in keyof R]: R[K] extends CompanyReference<infer T> ? T[] : never };

/**
 * Decision 0042: every id a write takes in its body names a row of the acting company, or the
 * write is 422 naming each failing field (another company's id, one of no row, one that decodes
 * to nothing — one answer, so the refusal tells nothing of other companies). Each field is one
 * query through the company's repository, its rows held FOR SHARE (unless `lock` says otherwise)
 * until the caller's transaction ends, so none is deleted or released under the write. Answers the
 * rows found, per field.
 *
 *   const { ext_phone } = await assertCompanyReferences(manager, companyId, {
 *     ext_phone: { entity: PhoneNumberEntity, noun: 'a phone number', ids, many: true, where: { releasedAt: IsNull() } },
 *   });
 */
export async function assertCompanyReferences<R extends Record<string, CompanyReference<Row>>>(
  manager: EntityManager,
  companyId: string,
  references: R,
): Promise<Found<R>> {
  const found = {} as Record<string, Row[]>;
  const problems: FieldProblem[] = [];
  for (const [field, reference] of Object.entries(references)) {
    const ids = [...new Set(reference.ids.flatMap((ref) => (ref.id ? [ref.id] : [])))];
    const rows = ids.length
      ? await CompanyScopedRepository.of(manager, reference.entity, companyId).find({
          where: { ...(reference.where ?? {}), id: In(ids) } as ScopedWhere<Row>,
          order: { id: 'ASC' },
          ...LOCKS[reference.lock ?? 'share'],
        })
      : [];
    found[field] = rows;
    const problem = referenceProblem(field, reference, new Set(rows.map((row) => String(row.id))));
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw referencesRefused(problems);
  return found as Found<R>;
}

export interface FieldProblem {
  field: string;
  /** The top-level sentence: `ext_phone must be phone numbers of the company.` */
  sentence: string;
  /** The field's entry: `not phone numbers of the company: 11, 12`. */
  detail: string;
}

/** What is wrong with one field, given the ids of the usable rows found; undefined when nothing is. */
export function referenceProblem(
  field: string,
  reference: Pick<CompanyReference<Row>, 'noun' | 'ids' | 'many'>,
  usable: ReadonlySet<string>,
): FieldProblem | undefined {
  const refused = [...new Set(reference.ids.filter((ref) => !ref.id || !usable.has(ref.id)).map((ref) => ref.sent))];
  if (refused.length === 0) return undefined;
  const what = reference.many ? plural(reference.noun) : reference.noun;
  return {
    field,
    sentence: `${field} must be ${what} of the company.`,
    detail: reference.many ? `not ${what} of the company: ${refused.join(', ')}` : `not ${what} of the company`,
  };
}

/**
 * The same 422 before any query, for ids that decode to nothing (they name no row of any company):
 * for a caller that must hold decoded ids before its transaction. Fields whose ids all decode pass.
 */
export function assertDecoded(references: Record<string, Pick<CompanyReference<Row>, 'noun' | 'ids' | 'many'>>): void {
  const problems = Object.entries(references).flatMap(([field, reference]) => {
    const decoded = new Set(reference.ids.flatMap((ref) => (ref.id ? [ref.id] : [])));
    const problem = referenceProblem(field, reference, decoded);
    return problem ? [problem] : [];
  });
  if (problems.length > 0) throw referencesRefused(problems);
}

/** One 422 for every failing field: one sentence each in the message, one entry each in `errors`. */
export function referencesRefused(problems: readonly FieldProblem[]): AppError {
  return new AppError(
    'unprocessable',
    problems.map((problem) => problem.sentence).join(' '),
    Object.fromEntries(problems.map((problem) => [problem.field, [problem.detail]])),
  );
}

/** `a phone number` → `phone numbers`; the nouns here are regular English. */
function plural(noun: string): string {
  const bare = noun.replace(/^an? /, '');
  return /(s|x|ch|sh)$/.test(bare) ? `${bare}es` : `${bare}s`;
}

/** A numeric body id (`IsNumericId`) as a SentId: the number is its own spelling. */
export const numericIds = (values: readonly (number | string)[]): SentId[] =>
  values.map((value) => ({ sent: String(value), id: String(value) }));
