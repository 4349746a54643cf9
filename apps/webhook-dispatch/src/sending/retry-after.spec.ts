import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-24T08:00:00Z');

  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Tue, 24 Nov 2026 08:00:30 GMT', 30_000],
    ['Tue, 24 Nov 2026 07:59:00 GMT', 0],
    ['9999999', MAX_RETRY_AFTER_MS],
  ])('reads %j as %d ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it.each([[undefined], [''], ['-5'], ['1.5'], ['soon'], ['2026-11-24']])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});
