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
