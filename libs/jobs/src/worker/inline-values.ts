/** A value the per-key claim inlines: a checked string (queue name, lock token) or an integer. */
export type InlineValue = string | number;

const SAFE_TEXT = /^[A-Za-z0-9_.:"-]{1,300}$/;

/**
 * `sql` with its `$1`…`$9` replaced by literals, for a statement sent in the simple query protocol
 * (several statements in one round trip, which bind parameters cannot travel in). Only integers and
 * strings of plain characters (queue names, UUIDs, quoted table names: no `'` nor
 * backslash) are accepted, anything else throws: nothing a caller passes can end the literal.
 */
export function inlineValues(sql: string, values: readonly InlineValue[]): string {
  return sql.replace(/\$([1-9])(?![0-9])/g, (_, index: string) => {
    const value = values[Number(index) - 1];
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) throw new TypeError(`jobs: ${value} is not an integer to inline`);
      return String(value);
    }
    if (typeof value === 'string' && SAFE_TEXT.test(value)) return `'${value}'`;
    throw new TypeError(`jobs: cannot inline ${JSON.stringify(value)} (parameter $${index})`);
  });
}
