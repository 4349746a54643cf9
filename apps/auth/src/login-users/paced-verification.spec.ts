import { PACED_VERIFICATIONS, verifyPaced, type PaceTimer } from './paced-verification';

describe('verifyPaced (the sign-in time floor)', () => {
  /** A clock that only moves when a verification "takes" time or the floor sleeps. */
  function fakeTimer(): PaceTimer & { clock: number; slept: number[] } {
    const timer = {
      clock: 1_000,
      slept: [] as number[],
      now: () => timer.clock,
      sleep: async (ms: number) => {
        timer.slept.push(ms);
        timer.clock += ms;
      },
    };
    return timer;
  }
  const taking = (timer: { clock: number }, ms: number, right: string) => async (password: string) => {
    timer.clock += ms;
    return password === right;
  };

  it('answers each item in order', async () => {
    const timer = fakeTimer();
    await expect(verifyPaced(['a', 'b', 'c'], taking(timer, 10, 'b'), { timer })).resolves.toEqual([false, true, false]);
  });

  it('takes as long for one verification as for several, up to the floor', async () => {
    for (const count of [1, 2, 3, PACED_VERIFICATIONS]) {
      const timer = fakeTimer();
      await verifyPaced(Array(count).fill('x'), taking(timer, 50, 'y'), { timer });
      expect(timer.clock - 1_000).toBe(50 * PACED_VERIFICATIONS);
    }
  });

  it('scales the floor with the first verification (a busy process waits in proportion), and never waits past the work', async () => {
    const slow = fakeTimer();
    await verifyPaced(['x'], taking(slow, 200, 'y'), { timer: slow, floor: 3 });
    expect(slow.slept).toEqual([400]);
    const many = fakeTimer();
    await verifyPaced(Array(5).fill('x'), taking(many, 50, 'y'), { timer: many, floor: 3 });
    expect(many.slept).toEqual([]);
    expect(many.clock - 1_000).toBe(250);
  });
});
