import { dialCapacity, IN_FLIGHT_RECHECK_MS, nextTickAt, type DialCapacity } from './dial-pacing';

const NOW = new Date('2026-03-02T15:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const inSeconds = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('dialCapacity', () => {
  it('free slots are the smaller of the concurrency and the per-minute room', () => {
    expect(dialCapacity({ now: NOW, callsPerMinute: 5, maxConcurrentCalls: 3, calling: 1, recentCalls: [ago(10)] })).toEqual({
      slots: 2,
      nextSlotAt: null,
    });
    expect(
      dialCapacity({ now: NOW, callsPerMinute: 5, maxConcurrentCalls: 10, calling: 0, recentCalls: [ago(50), ago(40), ago(30)] }),
    ).toEqual({ slots: 2, nextSlotAt: null });
  });

  it('calls started more than a minute ago no longer count', () => {
    expect(
      dialCapacity({ now: NOW, callsPerMinute: 2, maxConcurrentCalls: 5, calling: 0, recentCalls: [ago(90), ago(61), ago(5)] }),
    ).toEqual({ slots: 1, nextSlotAt: null });
  });

  it('a full minute frees its next slot when its oldest start leaves it', () => {
    expect(
      dialCapacity({ now: NOW, callsPerMinute: 2, maxConcurrentCalls: 5, calling: 2, recentCalls: [ago(45), ago(20)] }),
    ).toEqual({ slots: 0, nextSlotAt: inSeconds(15) });
    // Over the limit (the limit was lowered): the start that brings the count under it decides.
    expect(
      dialCapacity({ now: NOW, callsPerMinute: 1, maxConcurrentCalls: 5, calling: 0, recentCalls: [ago(50), ago(30), ago(10)] }),
    ).toEqual({ slots: 0, nextSlotAt: inSeconds(50) });
  });

  it('at the concurrency limit only a call end frees a slot', () => {
    expect(dialCapacity({ now: NOW, callsPerMinute: 60, maxConcurrentCalls: 1, calling: 1, recentCalls: [ago(5)] })).toEqual({
      slots: 0,
      nextSlotAt: null,
    });
  });
});

describe('nextTickAt', () => {
  const free: DialCapacity = { slots: 1, nextSlotAt: null };
  const busy: DialCapacity = { slots: 0, nextSlotAt: null };

  it('now while due contacts have free slots', () => {
    expect(nextTickAt({ now: NOW, duePending: 3, soonestNotBefore: null, calling: 0, capacity: free })).toEqual(NOW);
  });

  it('when the minute frees a slot, for due contacts held back by the rate', () => {
    const capacity = { slots: 0, nextSlotAt: inSeconds(12) };
    expect(nextTickAt({ now: NOW, duePending: 3, soonestNotBefore: null, calling: 1, capacity })).toEqual(inSeconds(12));
  });

  it('the soonest window opening when every pending contact waits for theirs', () => {
    expect(nextTickAt({ now: NOW, duePending: 0, soonestNotBefore: inSeconds(3600), calling: 0, capacity: free })).toEqual(
      inSeconds(3600),
    );
  });

  it('a recheck while calls are in flight (their ends wake the dialer sooner)', () => {
    expect(nextTickAt({ now: NOW, duePending: 2, soonestNotBefore: null, calling: 1, capacity: busy })).toEqual(
      new Date(NOW.getTime() + IN_FLIGHT_RECHECK_MS),
    );
    expect(nextTickAt({ now: NOW, duePending: 0, soonestNotBefore: inSeconds(3600), calling: 1, capacity: busy })).toEqual(
      new Date(NOW.getTime() + IN_FLIGHT_RECHECK_MS),
    );
  });

  it('none when nothing is pending or in flight', () => {
    expect(nextTickAt({ now: NOW, duePending: 0, soonestNotBefore: null, calling: 0, capacity: free })).toBeNull();
  });
});
