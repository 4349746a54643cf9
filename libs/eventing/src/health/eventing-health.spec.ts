import type { RelayStatus } from '../outbox/outbox-relay';
import { EventingHealth } from './eventing-health';
import type { WatchedTransportHealth } from './transport-watch';

const THRESHOLD_MS = 60_000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

function setup(options: { transportUp?: boolean } = {}) {
  let now = T0;
  let status: RelayStatus = {
    running: true,
    leader: true,
    lastError: null,
    consecutiveFailures: 0,
    failingSince: null,
    lastPublishedAt: null,
    endedUnexpectedly: null,
  };
  const transportHealth: WatchedTransportHealth = {
    up: options.transportUp ?? true,
    kind: 'in-process',
    checkedAt: new Date(T0).toISOString(),
  };
  const transport = { current: () => transportHealth };
  const sut = new EventingHealth(transport, { status: () => status }, { unhealthyAfterMs: THRESHOLD_MS, now: () => now });
  return {
    sut,
    mocks: {
      advance: (ms: number) => (now += ms),
      relayFails: (error: string) =>
        (status = {
          ...status,
          failingSince: status.failingSince ?? new Date(now).toISOString(),
          lastError: error,
          consecutiveFailures: status.consecutiveFailures + 1,
        }),
      relayRecovers: () => (status = { ...status, failingSince: null, lastError: null, consecutiveFailures: 0 }),
      becomeStandby: () => (status = { ...status, leader: false }),
      loopEnds: (error: string) => (status = { ...status, running: false, endedUnexpectedly: error }),
    },
  };
}

describe('EventingHealth', () => {
  it('is not ready at once when the relay’s loop ended by itself, even as a standby', async () => {
    const { sut, mocks } = setup();
    mocks.becomeStandby();
    mocks.loopEnds('TypeError: x is undefined');
    await expect(sut.check()).resolves.toMatchObject({
      up: false,
      details: { relay: { up: false, running: false, endedUnexpectedly: 'TypeError: x is undefined' } },
    });
  });

  it('is ready while the relay publishes', async () => {
    const { sut } = setup();
    await expect(sut.check()).resolves.toMatchObject({
      up: true,
      details: { relay: { up: true, unhealthyAfterMs: THRESHOLD_MS } },
    });
  });

  it('stays ready through a relay failure shorter than the threshold, reporting it as degraded', async () => {
    const { sut, mocks } = setup();
    mocks.relayFails('kafka topics are not set up yet');
    mocks.advance(THRESHOLD_MS);
    await expect(sut.check()).resolves.toMatchObject({ up: true, degraded: true, details: { relay: { up: true } } });
  });

  it('is not ready once the leader has been failing for longer than the threshold, and says since when and why', async () => {
    const { sut, mocks } = setup();
    mocks.relayFails('in-process consumers not running: consumer; delivery deferred');
    mocks.advance(20_000);
    mocks.relayFails('in-process consumers not running: consumer; delivery deferred');
    mocks.advance(THRESHOLD_MS - 20_000 + 1);

    await expect(sut.check()).resolves.toEqual({
      up: false,
      degraded: true,
      details: {
        transport: { up: true, kind: 'in-process', checkedAt: new Date(T0).toISOString() },
        relay: expect.objectContaining({
          up: false,
          leader: true,
          failingSince: new Date(T0).toISOString(),
          lastError: 'in-process consumers not running: consumer; delivery deferred',
          consecutiveFailures: 2,
          unhealthyAfterMs: THRESHOLD_MS,
        }),
      },
    });
  });

  it('is ready again once the relay recovers', async () => {
    const { sut, mocks } = setup();
    mocks.relayFails('broker down');
    mocks.advance(THRESHOLD_MS + 1);
    await expect(sut.check()).resolves.toMatchObject({ up: false });

    mocks.relayRecovers();
    await expect(sut.check()).resolves.toMatchObject({
      up: true,
      degraded: false,
      details: { relay: { up: true, failingSince: null } },
    });
  });

  it('keeps a standby ready: only the leader publishes', async () => {
    const { sut, mocks } = setup();
    mocks.relayFails('broker down');
    mocks.becomeStandby();
    mocks.advance(10 * THRESHOLD_MS);
    await expect(sut.check()).resolves.toMatchObject({
      up: true,
      degraded: false,
      details: { relay: { up: true, leader: false } },
    });
  });

  it('stays ready while the transport is down — the outbox accepts without it — and reports it as degraded', async () => {
    const { sut } = setup({ transportUp: false });
    await expect(sut.check()).resolves.toMatchObject({
      up: true,
      degraded: true,
      details: { transport: { up: false }, relay: { up: true } },
    });
  });
});
