import { METRICS_PATH } from '@suite/contracts';

export interface ReplicaSample {
  /** Seconds since the drain started. */
  t: number;
  rssBytes: number;
  heapUsedBytes: number;
}

/** GET /metrics (prom-client's text format) as name{labels} → value. */
export async function readMetrics(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}${METRICS_PATH}`, { signal: AbortSignal.timeout(2_000) });
  if (!response.ok) throw new Error(`${url}${METRICS_PATH} answered ${response.status}`);
  const values = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

/**
 * Samples one replica's resident set and V8 heap in use every second from its /metrics
 * (process_resident_memory_bytes, nodejs_heap_size_used_bytes: prom-client's default metrics).
 * A failed scrape is skipped, not fatal: the replica may be busy.
 */
export class MemorySampler {
  readonly samples: ReplicaSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;

  constructor(
    private readonly url: string,
    private readonly startedAt: number,
  ) {}

  start(intervalMs = 1_000): void {
    const sample = async () => {
      if (this.inFlight) return;
      this.inFlight = true;
      try {
        const metrics = await readMetrics(this.url);
        const rssBytes = metrics.get('process_resident_memory_bytes');
        const heapUsedBytes = metrics.get('nodejs_heap_size_used_bytes');
        if (rssBytes !== undefined && heapUsedBytes !== undefined) this.samples.push({ t: (Date.now() - this.startedAt) / 1000, rssBytes, heapUsedBytes });
      } catch {
        // Skipped sample.
      } finally {
        this.inFlight = false;
      }
    };
    void sample();
    this.timer = setInterval(() => void sample(), intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Least-squares slope of value over t (units per second); 0 with fewer than two points. */
export function slope(points: ReadonlyArray<{ t: number; v: number }>): number {
  if (points.length < 2) return 0;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / points.length;
  const meanV = points.reduce((sum, p) => sum + p.v, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - meanT) * (p.v - meanV);
    den += (p.t - meanT) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
