import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  it('wakes a waiter early', async () => {
    const signal = new WakeSignal();
    const started = Date.now();
    const waiting = signal.wait(5000);
    signal.notify();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('remembers a notification that came while nobody waited, once', async () => {
    const signal = new WakeSignal();
    signal.notify();
    const started = Date.now();
    await signal.wait(5000);
    expect(Date.now() - started).toBeLessThan(1000);
    await signal.wait(20); // consumed: this one times out
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });
});
