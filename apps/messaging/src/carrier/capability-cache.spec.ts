import { DEFAULT_CAPABILITY_TTL_SECONDS } from '../send-rules/scheduling-defaults';
import { isCapabilityFresh } from './capability-cache';

describe('isCapabilityFresh', () => {
  const now = new Date('2025-06-09T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('keeps a lookup for 7 days by default, end exclusive', () => {
    expect(DEFAULT_CAPABILITY_TTL_SECONDS).toBe(604_800);
    expect(isCapabilityFresh(ago(0), now, DEFAULT_CAPABILITY_TTL_SECONDS)).toBe(true);
    expect(isCapabilityFresh(ago(604_800_000 - 1), now, DEFAULT_CAPABILITY_TTL_SECONDS)).toBe(true);
    expect(isCapabilityFresh(ago(604_800_000), now, DEFAULT_CAPABILITY_TTL_SECONDS)).toBe(false);
  });

  it('looks again when never checked or with a TTL of 0', () => {
    expect(isCapabilityFresh(null, now, DEFAULT_CAPABILITY_TTL_SECONDS)).toBe(false);
    expect(isCapabilityFresh(now, now, 0)).toBe(false);
  });

  it('tolerates a minute of clock skew, not a checkedAt far in the future', () => {
    expect(isCapabilityFresh(ago(-60_000), now, 3600)).toBe(true);
    expect(isCapabilityFresh(ago(-60_001), now, 3600)).toBe(false);
  });
});
