import { cleanText, csvCell } from './csv-cell';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['+123', `'+123`],
    ['+04155550100', `'+04155550100`],
    ['+1415555010012345', `'+1415555010012345`],
  ])('neutralises the formula-like text %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  // Issue 27: what a spreadsheet skips before the formula character, and its fullwidth forms.
  it.each([
    ['after a line feed', '\n=1+1'],
    ['after a space', ' =1+1'],
    ['after spaces and a tab inside', '  \t@SUM(A1)'],
    ['after a no-break space', '\u00A0-2+3'],
    ['after a byte order mark (U+FEFF)', '\uFEFF=HYPERLINK("http://evil","x")'],
    ['after a right-to-left override (U+202E)', '\u202E=1+1'],
    ['after a zero-width space (U+200B)', '\u200B+1+2'],
    ['after a soft hyphen (U+00AD)', '\u00AD@cmd'],
    ['written with a fullwidth equals sign (U+FF1D)', '\uFF1DSUM(A1)'],
    ['written with a fullwidth plus sign (U+FF0B)', '\uFF0B1+2'],
    ['written with a fullwidth hyphen-minus (U+FF0D)', '\uFF0D1+2'],
    ['written with a fullwidth commercial at (U+FF20)', '\uFF20SUM(A1)'],
    ['written with a small equals sign (U+FE66)', '\uFE66SUM(A1)'],
    ['after a line feed, then a fullwidth equals sign', '\n\uFEFF \uFF1D1+1'],
  ])('neutralises a formula %s, with the quote at the start of the cell', (_what, input) => {
    expect(csvCell(input)).toBe(`'${input}`);
  });

  it.each(['+14155550100', '+4930123456', '+442071838750'])(
    'leaves the E.164 number %s untouched in a phone-number column',
    (number) => {
      expect(csvCell(number, 'phone-number')).toBe(number);
    },
  );

  it('neutralises an E.164-looking text outside the phone-number columns, and a prefixed one inside them', () => {
    expect(csvCell('+14155550100')).toBe(`'+14155550100`);
    expect(csvCell(' +14155550100', 'phone-number')).toBe(`' +14155550100`);
    expect(csvCell('\uFEFF+14155550100', 'phone-number')).toBe(`'\uFEFF+14155550100`);
    expect(csvCell('=1+1', 'phone-number')).toBe(`'=1+1`);
  });

  it('leaves text whose first visible character is not a formula character, white space alone, and the empty cell', () => {
    expect(csvCell(' Jane')).toBe(' Jane');
    expect(csvCell('\nnote = 1')).toBe('\nnote = 1');
    expect(csvCell('\u202Eabc')).toBe('\u202Eabc');
    expect(csvCell('Ｊane')).toBe('Ｊane');
    expect(csvCell('   ')).toBe('   ');
    expect(csvCell('')).toBe('');
  });

  it('leaves plain text, inner formula characters and numbers (negative too) untouched', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
    expect(csvCell('a=b, c-d')).toBe('a=b, c-d');
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(0)).toBe(0);
    expect(csvCell(125)).toBe(125);
  });

  it('writes null as an empty cell', () => {
    expect(csvCell(null)).toBe('');
  });

  it('drops NUL and replaces lone surrogates, keeping whole pairs', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy');
    expect(cleanText('x\uDC00')).toBe('x\uFFFD');
    expect(cleanText('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(cleanText('ok 😀')).toBe('ok 😀');
    expect(csvCell('\u0000=1')).toBe(`'=1`);
    expect(Buffer.from(csvCell('\uD83D') as string, 'utf8').toString('utf8')).toBe('\uFFFD');
  });
});
