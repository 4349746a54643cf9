import { moneyOf, moneyOfMicros } from './provider-ads';

describe('money from providers', () => {
  it.each([
    ['12.34', 12.34],
    ['12.345', 12.35],
    ['1.005', 1.01],
    ['1.0049', 1],
    ['0', 0],
    ['7', 7],
    ['123456789012.1', 123456789012.1],
    ['-3.5', -3.5],
  ])('reads the decimal string %s as %d', (text, amount) => {
    expect(moneyOf(text)).toBe(amount);
  });

  it.each([[''], ['12,34'], ['1e3'], [12.34], [null], ['12.'], ['NaN']])('refuses %p', (value) => {
    expect(moneyOf(value)).toBeNull();
  });

  it('reads micros (an int64 as a string) rounded half up to cents', () => {
    expect(moneyOfMicros('12345678')).toBe(12.35);
    expect(moneyOfMicros('12344999')).toBe(12.34);
    expect(moneyOfMicros('0')).toBe(0);
    expect(moneyOfMicros(1_500_000)).toBe(1.5);
    expect(moneyOfMicros('9007199254740993000')).toBe(9007199254740.99);
    expect(moneyOfMicros('-1')).toBeNull();
    expect(moneyOfMicros('1.5')).toBeNull();
  });
});
