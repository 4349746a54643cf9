import { CredentialUsageThrottle } from './credential-usage.throttle';

const MINUTE = 60_000;

describe('CredentialUsageThrottle', () => {
  const setup = (maxEntries = 100) => ({ sut: new CredentialUsageThrottle({ intervalMs: MINUTE, maxEntries }) });

  it('reports the first use of a credential, then no other within a minute', () => {
    const { sut } = setup();
    expect(sut.claim('pat-1', 0)).toBe(true);
    expect(sut.claim('pat-1', 1_000)).toBe(false);
    expect(sut.claim('pat-1', MINUTE - 1)).toBe(false);
  });

  it('reports again once a minute has passed since the last report', () => {
    const { sut } = setup();
    expect(sut.claim('pat-1', 0)).toBe(true);
    expect(sut.claim('pat-1', MINUTE)).toBe(true);
    expect(sut.claim('pat-1', MINUTE + 30_000)).toBe(false);
    expect(sut.claim('pat-1', 2 * MINUTE)).toBe(true);
  });

  it('throttles each credential on its own', () => {
    const { sut } = setup();
    expect(sut.claim('pat-1', 0)).toBe(true);
    expect(sut.claim('key-1', 10)).toBe(true);
    expect(sut.claim('pat-1', 20)).toBe(false);
    expect(sut.claim('key-1', 30)).toBe(false);
  });

  it('stays within its bound by forgetting the credential reported longest ago', () => {
    const { sut } = setup(3);
    for (const [index, id] of ['a', 'b', 'c', 'd', 'e'].entries()) expect(sut.claim(id, index)).toBe(true);
    expect(sut.size).toBe(3);
    // 'a' and 'b' were forgotten (an early report at worst); 'c'..'e' are still throttled.
    expect(sut.claim('e', 10)).toBe(false);
    expect(sut.claim('a', 10)).toBe(true);
    expect(sut.size).toBe(3);
    // Reporting 'a' pushed out 'c', the one reported longest ago; 'd' and 'e' stay throttled.
    expect(sut.claim('d', 11)).toBe(false);
    expect(sut.claim('c', 11)).toBe(true);
  });

  it('holds many credentials in bounded memory', () => {
    const { sut } = setup(1_000);
    for (let i = 0; i < 50_000; i++) sut.claim(`cred-${i}`, i);
    expect(sut.size).toBe(1_000);
  });

  it('forgets a released claim so the next use reports again, but not a newer claim', () => {
    const { sut } = setup();
    expect(sut.claim('pat-1', 0)).toBe(true);
    sut.release('pat-1', 0);
    expect(sut.claim('pat-1', 5)).toBe(true);
    sut.release('pat-1', 0); // a stale release (the claim at 0 is gone) changes nothing
    expect(sut.claim('pat-1', 6)).toBe(false);
  });

  it('reports when the clock stepped back instead of staying silent until it catches up', () => {
    const { sut } = setup();
    expect(sut.claim('pat-1', 10 * MINUTE)).toBe(true);
    expect(sut.claim('pat-1', MINUTE)).toBe(true);
    expect(sut.claim('pat-1', MINUTE + 1)).toBe(false);
  });
});
