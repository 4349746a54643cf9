import { judgeSeries } from './memory-verdict';
import type { ReplicaSample } from './replica-metrics';

const MB = 1024 * 1024;

function samples(count: number, at: (i: number) => Partial<ReplicaSample>): ReplicaSample[] {
  return Array.from({ length: count }, (_, i) => ({
    t: i,
    rssBytes: 200 * MB,
    heapTotalBytes: 100 * MB,
    heapUsedBytes: 50 * MB,
    externalBytes: 20 * MB,
    majorGcs: 0,
    ...at(i),
  }));
}

describe('judgeSeries', () => {
  it('passes an rss that stepped up during start-up and then stayed', () => {
    const verdict = judgeSeries(
      samples(40, (i) => ({ rssBytes: (i < 10 ? 130 + 7 * i : 200 + (i % 3)) * MB })),
      'rss',
    );
    expect(verdict?.flat).toBe(true);
  });

  it('fails an rss that keeps climbing through the second half (the 6 MB/s of the Intl.DateTimeFormat leak)', () => {
    const verdict = judgeSeries(
      samples(80, (i) => ({ rssBytes: (130 + 6 * i) * MB })),
      'rss',
    );
    expect(verdict?.flat).toBe(false);
    expect(verdict?.later).toBeGreaterThan(verdict!.earlier!);
  });

  it('tolerates scrape noise under the floor on small series', () => {
    const verdict = judgeSeries(
      samples(40, (i) => ({ externalBytes: (20 + (i >= 30 ? 5 : 0)) * MB })),
      'external',
    );
    expect(verdict?.flat).toBe(true);
  });

  it('judges heapUsed on what major GCs leave, not on the garbage between them', () => {
    // Sawtooth 50 → 120 MB, collected back to 50 MB every 10 samples.
    const sawtooth = samples(60, (i) => ({
      heapUsedBytes: (i % 10 === 0 ? 50 : 50 + 7 * (i % 10)) * MB,
      majorGcs: Math.floor(i / 10),
    }));
    expect(judgeSeries(sawtooth, 'heapUsed')?.flat).toBe(true);
    const retaining = samples(60, (i) => ({
      heapUsedBytes: (i % 10 === 0 ? 50 + 4 * i : 50 + 4 * i + 7 * (i % 10)) * MB,
      majorGcs: Math.floor(i / 10),
    }));
    expect(judgeSeries(retaining, 'heapUsed')?.flat).toBe(false);
  });

  it('does not take the young garbage a post-GC scrape catches for growth', () => {
    // Collected back to 55 MB every 10 samples, but each reading after a GC comes up to a second late: 55–71 MB.
    // The first reading of the second half is the cleanest and a later one the dirtiest: 55 → 71 MB
    // read as growth when post-GC readings were compared; the floors (55, then 62 MB) are flat.
    const late = [16, 2, 9, 0, 2, 16];
    const noisy = samples(60, (i) => ({
      heapUsedBytes: (i % 10 === 0 ? 55 + late[i / 10]! : 55 + 7 * (i % 10)) * MB,
      majorGcs: Math.floor(i / 10),
    }));
    const verdict = judgeSeries(noisy, 'heapUsed');
    expect(verdict).toMatchObject({ flat: true, earlier: 55 * MB, later: 62 * MB });
  });

  it('calls heapUsed inconclusive without a major GC in each of the last two quarters', () => {
    const verdict = judgeSeries(
      samples(40, (i) => ({ heapUsedBytes: (50 + i) * MB })),
      'heapUsed',
    );
    expect(verdict?.flat).toBeNull();
  });

  it('needs enough samples', () => {
    expect(
      judgeSeries(
        samples(5, () => ({})),
        'rss',
      ),
    ).toBeNull();
  });
});
