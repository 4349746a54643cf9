import { percentile } from '../bench-stats';
import type { ReceiptDump } from './receiver-protocol';

/** The deliveries of one run as the receiver saw them, the run's events only. */
export interface Receipts {
  /** First receipt time of each event delivered, sorted. */
  times: number[];
  /** First receipt time by event id. */
  firstAt: Map<string, number>;
  /** Requests beyond the first for an event (same webhook-id on the same path). */
  duplicates: number;
}

/**
 * The receipts of `events` (event id → its endpoint's path), optionally only those whose path
 * `keep` accepts. Other requests (earlier runs' stragglers, test sends) are left out.
 */
export function receiptsOf(
  dump: ReceiptDump,
  events: ReadonlyMap<string, string>,
  keep: (path: string) => boolean = () => true,
): Receipts {
  const firstAt = new Map<string, number>();
  let duplicates = 0;
  for (let i = 0; i < dump.at.length; i++) {
    const id = dump.ids[i]!;
    const path = dump.paths[i]!;
    if (events.get(id) !== path || !keep(path)) continue;
    if (firstAt.has(id)) duplicates++;
    else firstAt.set(id, dump.at[i]!);
  }
  return { times: [...firstAt.values()].sort((a, b) => a - b), firstAt, duplicates };
}

export interface DeliveryRate {
  /** Deliveries/s between the 10th and the 90th percentile of receipts (steady state). */
  steady: number;
  /** Deliveries/s from the first receipt to the last. */
  overall: number;
  /** First to last receipt, ms. */
  spanMs: number;
}

/** Steady-state deliveries/s of sorted receipt times: the first and last 10 % left out (start-up, tail). */
export function deliveryRate(times: readonly number[]): DeliveryRate {
  const n = times.length;
  if (n < 2) return { steady: 0, overall: 0, spanMs: 0 };
  const spanMs = times[n - 1]! - times[0]!;
  const overall = spanMs > 0 ? ((n - 1) * 1000) / spanMs : 0;
  const lo = Math.floor(n * 0.1);
  const hi = Math.max(lo + 1, Math.ceil(n * 0.9) - 1);
  const windowMs = times[hi]! - times[lo]!;
  return { steady: windowMs > 0 ? ((hi - lo) * 1000) / windowMs : overall, overall, spanMs };
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  count: number;
}

/** Receipt − commit per event delivered, ms. */
export function latencies(committedAt: ReadonlyMap<string, number>, receipts: Receipts): LatencySummary {
  const values: number[] = [];
  for (const [id, at] of receipts.firstAt) {
    const committed = committedAt.get(id);
    if (committed !== undefined) values.push(at - committed);
  }
  return {
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: values.reduce((max, value) => Math.max(max, value), Number.NEGATIVE_INFINITY),
    count: values.length,
  };
}
