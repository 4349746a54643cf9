import type { ReplicaSample } from './replica-metrics';

/** Growth allowed before a series counts as growing: this share of its level, and at least FLAT_FLOOR_BYTES (scrape-to-scrape noise). */
export const FLAT_SHARE = 0.1;
export const FLAT_FLOOR_BYTES = 8 * 1024 * 1024;

export type MemoryKind = 'rss' | 'heapTotal' | 'external' | 'heapUsed';

export const MEMORY_SERIES: ReadonlyArray<{ kind: MemoryKind; pick: (sample: ReplicaSample) => number }> = [
  { kind: 'rss', pick: (sample) => sample.rssBytes },
  { kind: 'heapTotal', pick: (sample) => sample.heapTotalBytes },
  { kind: 'external', pick: (sample) => sample.externalBytes },
  { kind: 'heapUsed', pick: (sample) => sample.heapUsedBytes },
];

export interface SeriesVerdict {
  start: number;
  peak: number;
  end: number;
  /** What the verdict compares: an earlier and a later figure of the drain's second half. */
  earlier: number | null;
  later: number | null;
  /** null: inconclusive (too few samples, or no major GC to show what heapUsed retains). */
  flat: boolean | null;
  /** How the two figures were taken. */
  basis: string;
}

const grewTooMuch = (earlier: number, later: number) => later > earlier + Math.max(earlier * FLAT_SHARE, FLAT_FLOOR_BYTES);

/**
 * Whether one memory series stays bounded, judged on the drain's SECOND half only: the first
 * holds the start-up (JIT, connection pools, the time-zone table, V8 growing its heap to its
 * working size), which is a step, not a leak.
 * - rss, heapTotal, external: the peak of the last quarter against the peak of the third.
 * - heapUsed is a sawtooth of garbage between collections, so its peaks say when the last
 *   mark-compact ran, not what is kept: the lowest reading of the last quarter against the lowest
 *   of the third, each quarter with a major GC in it (else inconclusive). A leak lifts that floor.
 *   (The reading right after a major GC was used before: scraped up to a second later, it carries
 *   up to a young generation of fresh garbage, ±10 MB of noise at the drain's allocation rate.)
 */
export function judgeSeries(samples: readonly ReplicaSample[], kind: MemoryKind): SeriesVerdict | null {
  if (samples.length < 8) return null;
  const pick = MEMORY_SERIES.find((series) => series.kind === kind)!.pick;
  const values = samples.map(pick);
  const half = Math.floor(samples.length / 2);
  const threeQuarters = Math.floor((samples.length * 3) / 4);
  const base = { start: values[0]!, peak: Math.max(...values), end: values[values.length - 1]! };
  if (kind !== 'heapUsed') {
    const earlier = Math.max(...values.slice(half, threeQuarters));
    const later = Math.max(...values.slice(threeQuarters));
    return { ...base, earlier, later, flat: !grewTooMuch(earlier, later), basis: '3rd vs 4th quarter peak' };
  }
  // Counters are cumulative: a quarter saw a major GC when its last sample counts more than the sample before it.
  const majorGcDuring = (from: number, to: number) => samples[to - 1]!.majorGcs > samples[from - 1]!.majorGcs;
  const earlier = Math.min(...values.slice(half, threeQuarters));
  const later = Math.min(...values.slice(threeQuarters));
  if (!majorGcDuring(half, threeQuarters) || !majorGcDuring(threeQuarters, samples.length)) {
    return { ...base, earlier, later, flat: null, basis: 'no major GC in the 3rd or the 4th quarter' };
  }
  return { ...base, earlier, later, flat: !grewTooMuch(earlier, later), basis: '3rd vs 4th quarter floor' };
}
