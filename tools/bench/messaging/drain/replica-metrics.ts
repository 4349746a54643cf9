import { METRICS_PATH } from '@suite/contracts';

export interface ReplicaSample {
  /** Seconds since the drain started. */
  t: number;
  rssBytes: number;
  /** V8's heap as reserved (what of the RSS the JS heap accounts for) and in use (live + garbage not collected yet). */
  heapTotalBytes: number;
  heapUsedBytes: number;
  /** Memory of C++ objects bound to JS objects (Buffers included): process.memoryUsage().external. */
  externalBytes: number;
  /** Major (mark-compact) collections so far: heapUsed only shows what is retained right after one. */
  majorGcs: number;
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
 * Samples one replica's memory every second from its /metrics (prom-client's default metrics:
 * process_resident_memory_bytes, nodejs_heap_size_total_bytes, nodejs_heap_size_used_bytes,
 * nodejs_external_memory_bytes, and nodejs_gc_duration_seconds_count{kind="major"}). Separately,
 * because RSS growing while the heap does not points outside V8 (native allocations, Buffers).
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
        const reading = memorySample(metrics, (Date.now() - this.startedAt) / 1000);
        if (reading) this.samples.push(reading);
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

/** One sample from a /metrics reading; null when a memory gauge is missing. */
export function memorySample(metrics: ReadonlyMap<string, number>, t: number): ReplicaSample | null {
  const rssBytes = metrics.get('process_resident_memory_bytes');
  const heapTotalBytes = metrics.get('nodejs_heap_size_total_bytes');
  const heapUsedBytes = metrics.get('nodejs_heap_size_used_bytes');
  const externalBytes = metrics.get('nodejs_external_memory_bytes');
  if (rssBytes === undefined || heapTotalBytes === undefined || heapUsedBytes === undefined || externalBytes === undefined)
    return null;
  let majorGcs = 0;
  for (const [key, value] of metrics) {
    if (key.startsWith('nodejs_gc_duration_seconds_count{') && key.includes('kind="major"')) majorGcs += value;
  }
  return { t, rssBytes, heapTotalBytes, heapUsedBytes, externalBytes, majorGcs };
}
