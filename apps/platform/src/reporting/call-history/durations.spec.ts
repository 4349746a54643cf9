import { formatDuration, MAX_DURATION_SECONDS, parseDuration } from './durations';

describe('durations', () => {
  it.each([
    ['00:00:00', 0],
    ['00:01:30', 90],
    ['1:00:00', 3600],
    ['100:00:00', 360_000],
    ['90', 90],
    ['0', 0],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '1:2:3', '00:60:00', '00:00:60', '-1', '1.5', '1e3', '12345678', 'All', `${MAX_DURATION_SECONDS + 1}`])(
    'refuses %j',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );

  it('writes H:i:s, hours growing past 99', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(360_000)).toBe('100:00:00');
  });
});
