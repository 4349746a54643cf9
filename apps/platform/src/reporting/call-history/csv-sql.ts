/**
 * The export's CSV cells written by PostgreSQL, so the platform only streams the lines (decision
 * 0035's amendment): each helper wraps a SQL expression into the text of one CSV field, never
 * NULL, exactly as csv-stringify wrote the cell testing/csv-cell.ts made of the value (the file is
 * byte-compared with that formatter's in call-history.integration-spec.ts).
 *
 * Formula neutralisation (OWASP "CSV injection"): a text cell gets a `'` at its very start when it
 * starts with a tab or a carriage return, or when its first code point that is not white space
 * (Unicode White_Space) or a format control (category Cf) is one whose NFKC form starts with `=`,
 * `+`, `-` or `@` (the fullwidth and small forms included). An exact E.164 number in a phone-number
 * column is left as it is. Quoting (RFC 4180, csv-stringify's rule): a field holding `"`, `,`, a
 * line feed or a carriage return is put in double quotes, its quotes doubled.
 *
 * PostgreSQL's regular expressions know no Unicode properties, so both sets are spelled out as
 * code point ranges (Unicode 17, node 20's ICU); call-history.integration-spec.ts checks the
 * pattern on every code point against csv-cell.ts's rule on the node that runs the tests.
 * PostgreSQL text holds neither NUL nor a lone surrogate (UTF-8), so nothing needs cleaning.
 */

/** Code points a spreadsheet skips before a formula's first character: White_Space and Cf. */
export const SKIPPABLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0009, 0x000d],
  [0x0020, 0x0020],
  [0x0085, 0x0085],
  [0x00a0, 0x00a0],
  [0x00ad, 0x00ad],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x1680, 0x1680],
  [0x180e, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x2064],
  [0x2066, 0x206f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** Code points whose NFKC form starts with `=`, `+`, `-` or `@`: the ASCII ones and their compatibility forms. */
export const FORMULA_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x002b, 0x002b],
  [0x002d, 0x002d],
  [0x003d, 0x003d],
  [0x0040, 0x0040],
  [0x207a, 0x207a],
  [0x207c, 0x207c],
  [0x208a, 0x208a],
  [0x208c, 0x208c],
  [0x2a75, 0x2a76],
  [0xfb29, 0xfb29],
  [0xfe62, 0xfe63],
  [0xfe66, 0xfe66],
  [0xfe6b, 0xfe6b],
  [0xff0b, 0xff0b],
  [0xff0d, 0xff0d],
  [0xff1d, 0xff1d],
  [0xff20, 0xff20],
];

/** A code point as a PostgreSQL regular-expression escape (ASCII only, so no quoting issue in the literal). */
const escape = (codePoint: number): string =>
  codePoint > 0xffff ? `\\U${codePoint.toString(16).padStart(8, '0')}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;

const bracket = (ranges: ReadonlyArray<readonly [number, number]>): string =>
  `[${ranges.map(([from, to]) => (from === to ? escape(from) : `${escape(from)}-${escape(to)}`)).join('')}]`;

/** The formula-like test as a PostgreSQL (ARE) pattern. */
export const FORMULA_PATTERN = `^[\\t\\r]|^${bracket(SKIPPABLE_RANGES)}*${bracket(FORMULA_RANGES)}`;
/** An exact E.164 number: `+`, a non-zero digit, 6–14 more digits (ASCII digits only). */
export const E164_PATTERN = '^\\+[1-9][0-9]{6,14}$';
/** What makes a field need double quotes. */
const QUOTE_PATTERN = '[",\\n\\r]';

/** A literal for the patterns above: they hold no `'` (checked by the spec). */
const literal = (text: string): string => `'${text}'`;

/**
 * A text value as its CSV field: NULL empty, a formula-like text behind a `'`, quoted when it
 * must be. `value` is a column or an expression of one (it is read several times).
 */
export function csvText(value: string, kind: 'text' | 'phone-number' = 'text'): string {
  const mark = `CASE WHEN ${value} ~ ${literal(FORMULA_PATTERN)} THEN '''' ELSE '' END`;
  return `CASE WHEN ${value} IS NULL THEN ''${kind === 'phone-number' ? ` WHEN ${value} ~ ${literal(E164_PATTERN)} THEN ${value}` : ''}
    WHEN ${value} ~ ${literal(QUOTE_PATTERN)} THEN '"' || ${mark} || replace(${value}, '"', '""') || '"'
    ELSE ${mark} || ${value} END`;
}

/** A number as its CSV field: its digits (a number is never neutralised, a minus sign included), NULL empty. */
export const csvNumber = (value: string): string => `coalesce((${value})::text, '')`;

/** The fields of one row joined into its CSV line (without the line feed). */
export const csvLine = (fields: readonly string[]): string => `concat_ws(',', ${fields.join(', ')})`;
