import type { EventTransport, TransportHealth } from '../transport/event-transport.port';
import { TransportWatch } from './transport-watch';

function setup(answer: () => Promise<TransportHealth>) {
  const seen: boolean[] = [];
  const transport: Pick<EventTransport, 'kind' | 'healthCheck'> = { kind: 'kafka', healthCheck: answer };
  const sut = new TransportWatch(transport, { intervalMs: 1000, timeoutMs: 500, onCheck: (up) => seen.push(up) });
  return { sut, mocks: { seen } };
}

describe('TransportWatch', () => {
  afterEach(() => jest.useRealTimers());

  it('says "not checked yet" before its first answer, and keeps the last answer with its time', async () => {
    const { sut, mocks } = setup(async () => ({ up: true, kind: 'kafka', brokers: 1 }));
    expect(sut.current()).toEqual({ up: false, kind: 'kafka', checkedAt: null, error: 'not checked yet' });

    await sut.check();

    expect(sut.current()).toEqual({ up: true, kind: 'kafka', brokers: 1, checkedAt: expect.any(String) });
    expect(mocks.seen).toEqual([true]);
  });

  it('answers from memory while a check hangs, and counts a check that outlives its bound as down', async () => {
    jest.useFakeTimers();
    const { sut, mocks } = setup(() => new Promise<TransportHealth>(() => undefined));
    const checking = sut.check();

    // The hanging check holds nothing up: the last answer is there at once.
    expect(sut.current()).toMatchObject({ up: false, checkedAt: null });
    await jest.advanceTimersByTimeAsync(500);
    await checking;

    expect(sut.current()).toMatchObject({ up: false, error: 'transport health check timed out after 500 ms' });
    expect(mocks.seen).toEqual([false]);
  });

  it('checks again every interval until stopped', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const { sut } = setup(async () => ({ up: ++calls % 2 === 1, kind: 'kafka' }));
    sut.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(sut.current().up).toBe(true);

    await jest.advanceTimersByTimeAsync(1000);
    expect(sut.current().up).toBe(false);

    await sut.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });
});
