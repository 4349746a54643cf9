/**
 * One CSV cell made safe to open in a spreadsheet (OWASP "CSV injection"): a text cell that a
 * spreadsheet would read as a formula — starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return — gets a leading `'`, which spreadsheets show as text. Numbers are written as numbers,
 * untouched, and so is an exact E.164 phone number (`+14155550100`): it is data the reader
 * expects verbatim, and a spreadsheet reads it as a number, never a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const E164 = /^\+[1-9]\d{6,14}$/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NUL = /\u0000/g;

export type CsvValue = string | number | null;

/**
 * Stored text as it may hold anything (a transcript with NUL or half a surrogate pair): NUL is
 * dropped (spreadsheets stop reading a cell at it), a lone surrogate becomes U+FFFD, so the UTF-8
 * stream never breaks.
 */
export function cleanText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** The cell as written: a number unchanged, null empty, text cleaned and neutralised. */
export function csvCell(value: CsvValue): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  const text = cleanText(value);
  if (E164.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}
