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

  it.each(['+14155550100', '+4930123456', '+442071838750'])('leaves the E.164 number %s untouched', (number) => {
    expect(csvCell(number)).toBe(number);
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
