import { normalizePhone } from './phone-number';

describe('normalizePhone', () => {
  it.each([
    ['+14155550123', '+14155550123'],
    ['4155550123', '+14155550123'],
    ['(415) 555-0123', '+14155550123'],
    ['415.555.0123', '+14155550123'],
    [' 14155550123', '+14155550123'],
    ['+1 415 555 0123', '+14155550123'],
    ['+442071838750', '+442071838750'],
  ])('%j → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['+15555550123'],
    ['415555012'],
    ['41555501234'],
    ['+1415555012a'],
    ['0044 20 7183 8750'],
    ['2071838750 '.repeat(4)],
    [''],
    [4155550123],
    [null],
    [undefined],
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('normalizePhone’s memo of recent answers', () => {
  it('answers the same for an input seen before, valid or not, and keeps answering past its bound', () => {
    const inputs = Array.from({ length: 25_000 }, (_, i) => `+1212${2_000_000 + i}`);
    const first = inputs.map((input) => normalizePhone(input));
    const again = inputs.map((input) => normalizePhone(input));
    expect(again).toEqual(first);
    expect(first.filter((answer) => answer !== null).length).toBeGreaterThan(20_000);
    expect(normalizePhone('+15555550123')).toBeNull();
    expect(normalizePhone('+15555550123')).toBeNull();
    expect(normalizePhone('(415) 555-0123')).toBe('+14155550123');
    expect(normalizePhone('+14155550123')).toBe('+14155550123');
  });
});
