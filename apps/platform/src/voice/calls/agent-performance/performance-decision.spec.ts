import { decidePerformance } from './performance-decision';

const calls = (successful: number, failed: number): boolean[] => [
  ...Array.from({ length: successful }, () => true),
  ...Array.from({ length: failed }, () => false),
];

describe('decidePerformance', () => {
  it('judges nothing without an ended call', () => {
    expect(decidePerformance({ previous: null, minSuccessRate: 0.5, outcomes: [] })).toBeNull();
  });

  it('raises below_threshold on the first evaluation below the minimum', () => {
    expect(decidePerformance({ previous: null, minSuccessRate: 0.5, outcomes: calls(1, 2) })).toEqual({
      state: 'below_threshold',
      crossed: true,
      successRate: 0.3333,
      callsConsidered: 3,
      successfulCalls: 1,
    });
  });

  it('remembers a first evaluation at or above the minimum without raising anything', () => {
    expect(decidePerformance({ previous: null, minSuccessRate: 0.5, outcomes: calls(2, 2) })).toMatchObject({
      state: 'recovered',
      crossed: false,
      successRate: 0.5,
    });
  });

  it('raises nothing while the agent stays below', () => {
    expect(decidePerformance({ previous: 'below_threshold', minSuccessRate: 0.5, outcomes: calls(0, 4) })).toMatchObject({
      state: 'below_threshold',
      crossed: false,
    });
  });

  it('raises recovered when the rate comes back to the minimum, exactly at it included', () => {
    expect(decidePerformance({ previous: 'below_threshold', minSuccessRate: 0.75, outcomes: calls(3, 1) })).toMatchObject({
      state: 'recovered',
      crossed: true,
      successRate: 0.75,
      callsConsidered: 4,
      successfulCalls: 3,
    });
  });

  it('raises nothing while the agent stays at or above after recovering', () => {
    expect(decidePerformance({ previous: 'recovered', minSuccessRate: 0.5, outcomes: calls(5, 0) })).toMatchObject({
      state: 'recovered',
      crossed: false,
    });
  });

  it('raises below_threshold again when a recovered agent falls', () => {
    expect(decidePerformance({ previous: 'recovered', minSuccessRate: 0.5, outcomes: calls(1, 3) })).toMatchObject({
      state: 'below_threshold',
      crossed: true,
      successRate: 0.25,
    });
  });

  it('compares the exact rate, not the rounded one', () => {
    // 2/3 = 0.666666…: below a minimum of 0.6667 although it rounds to it.
    expect(decidePerformance({ previous: null, minSuccessRate: 0.6667, outcomes: calls(2, 1) })).toMatchObject({
      state: 'below_threshold',
      successRate: 0.6667,
    });
  });

  it('a minimum of 0 is never crossed below; a minimum of 1 needs every call successful', () => {
    expect(decidePerformance({ previous: null, minSuccessRate: 0, outcomes: calls(0, 3) })?.state).toBe('recovered');
    expect(decidePerformance({ previous: null, minSuccessRate: 1, outcomes: calls(9, 1) })?.state).toBe('below_threshold');
  });
});
