import { DueWakes } from './due-wakes';

describe('DueWakes', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T00:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  it('wakes the queue when a job comes due, once for jobs due together', () => {
    const woken: string[] = [];
    const wakes = new DueWakes((queue) => woken.push(queue));
    wakes.schedule('workflow.step', new Date(Date.now() + 1_001));
    wakes.schedule('workflow.step', new Date(Date.now() + 1_010));
    jest.advanceTimersByTime(1_000);
    expect(woken).toEqual([]);
    jest.advanceTimersByTime(25);
    expect(woken).toEqual(['workflow.step']);
    jest.advanceTimersByTime(1_000);
    expect(woken).toEqual(['workflow.step']);
  });

  it('leaves jobs already due and jobs due beyond a minute to the poll, and stops its timers', () => {
    const woken: string[] = [];
    const wakes = new DueWakes((queue) => woken.push(queue));
    wakes.schedule('q', new Date(Date.now() - 1));
    wakes.schedule('q', new Date(Date.now() + 61_000));
    wakes.schedule('q', new Date(Date.now() + 5_000));
    wakes.stop();
    jest.advanceTimersByTime(120_000);
    expect(woken).toEqual([]);
  });
});
