/**
 * One CSV cell made safe to open in a spreadsheet (OWASP "CSV injection"): a text cell that a
 * spreadsheet could read as a formula gets a `'` at its very start, which spreadsheets show as
 * text. Formula-like means: it starts with a tab or a carriage return (OWASP's list), or its first
 * character that is not white space (line feeds and spaces included) or a format control (Unicode
 * category Cf: U+FEFF, the bidi controls such as U+202E, zero-width characters) is `=`, `+`, `-`
 * or `@` in any compatibility form — the fullwidth `＝` `＋` `－` `＠` and the small forms
 * included, which some spreadsheets read as the ASCII ones. Numbers are written as numbers,
 * untouched, and so is an exact E.164 number (`+14155550100`) in a phone-number column: it is data
 * the reader expects verbatim, and a spreadsheet reads it as a number, never a formula.
 */
const OWASP_START = /^[\t\r]/;
/** What may stand before a formula's first character and still leave it a formula. */
const SKIPPABLE = /^[\p{White_Space}\p{Cf}]*/u;
const FORMULA_START = /^[=+\-@]/;
const E164 = /^\+[1-9]\d{6,14}$/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NUL = /\u0000/g;

export type CsvValue = string | number | null;

/** How a column's text is written: `phone-number` keeps an exact E.164 number as it is. */
export type CsvTextKind = 'text' | 'phone-number';

/**
 * Stored text as it may hold anything (a transcript with NUL or half a surrogate pair): NUL is
 * dropped (spreadsheets stop reading a cell at it), a lone surrogate becomes U+FFFD, so the UTF-8
 * stream never breaks.
 */
export function cleanText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Whether a spreadsheet could take the text for a formula (see the file's comment). */
export function isFormulaLike(text: string): boolean {
  if (OWASP_START.test(text)) return true;
  const first = text.slice(SKIPPABLE.exec(text)![0].length).codePointAt(0);
  return first !== undefined && FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC'));
}

/** The cell as written: a number unchanged, null empty, text cleaned and neutralised. */
export function csvCell(value: CsvValue, kind: CsvTextKind = 'text'): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  const text = cleanText(value);
  if (kind === 'phone-number' && E164.test(text)) return text;
  return isFormulaLike(text) ? `'${text}` : text;
}
