import { eventually } from './eventually';

describe('eventually', () => {
  it('without accept, answers the first value the probe gives without throwing', async () => {
    let calls = 0;
    const value = await eventually(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`not yet (${calls})`);
        return calls;
      },
      { intervalMs: 1 },
    );
    expect(value).toBe(3);
  });

  it('without accept, times out with the probe’s own last error', async () => {
    const failed = new Error('expected 1, received 0');
    await expect(
      eventually(
        async () => {
          throw failed;
        },
        { timeoutMs: 20, intervalMs: 1 },
      ),
    ).rejects.toBe(failed);
  });

  it('with accept, polls until a value is approved', async () => {
    let calls = 0;
    const value = await eventually(
      async () => (calls += 1),
      (n) => n >= 4,
      { intervalMs: 1 },
    );
    expect(value).toBe(4);
  });

  it('with accept, times out naming what it waited for and the last value seen', async () => {
    await expect(
      eventually(
        async () => 7,
        (n) => n > 7,
        { timeoutMs: 20, intervalMs: 1, what: 'more than seven' },
      ),
    ).rejects.toThrow('timed out after 20 ms waiting for more than seven (last value: 7)');
  });
});
