/**
 * A company id as the scoped store takes it: decimal digits. The types require a string; this
 * catches the '' (or a cast undefined) a bug could pass, before any SQL.
 */
export function assertCompanyId(what: string, companyId: unknown): asserts companyId is string {
  if (typeof companyId !== 'string' || !/^[0-9]+$/.test(companyId)) {
    throw new Error(`${what} needs a company id, got ${JSON.stringify(companyId)}`);
  }
}
