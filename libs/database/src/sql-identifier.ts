/**
 * Identifier checking for hand-written SQL (eventing, the message status guard, migrations).
 *
 * Values always travel as bind parameters, but table and column names cannot, so they are
 * spliced into the statement text. Only plain lower-case identifiers are accepted (what an
 * unquoted identifier folds to in PostgreSQL, so `messages` and `"messages"` mean the same
 * table), and they are always emitted double-quoted so a reserved word cannot change the
 * statement. Anything else is a programming error and throws.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** `"name"` for a safe identifier; throws otherwise. */
export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new TypeError(`Unsafe SQL identifier ${JSON.stringify(name)}: expected ${IDENTIFIER}`);
  }
  return `"${name}"`;
}

/**
 * `"schema"."table"` (or `"table"`) from `schema.table`, `"schema"."table"` or either part
 * alone; throws unless every part is a safe identifier.
 */
export function quoteTableName(table: string): string {
  const parts = table.split('.');
  if (parts.length > 2) throw new TypeError(`Unsafe SQL table name ${JSON.stringify(table)}: too many parts`);
  return parts.map((part) => quoteIdentifier(unquote(part, table))).join('.');
}

function unquote(part: string, table: string): string {
  const quoted = part.startsWith('"') || part.endsWith('"');
  if (!quoted) return part;
  if (part.length < 2 || !part.startsWith('"') || !part.endsWith('"')) {
    throw new TypeError(`Unsafe SQL table name ${JSON.stringify(table)}: unbalanced quotes`);
  }
  return part.slice(1, -1);
}
