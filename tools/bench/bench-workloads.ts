import { setTimeout as delay } from 'node:timers/promises';
import type { BenchApps } from './bench-apps';
import { benchEvent } from './bench-apps';
import { percentile, rate } from './bench-stats';

export interface ThroughputResult {
  events: number;
  transactions: number;
  commitSeconds: number;
  commitRate: number;
  endToEndSeconds: number;
  endToEndRate: number;
  /** First commit → the relay's last publish: where the time goes (relay vs consumer). */
  relaySeconds: number;
  latencyP50: number;
  latencyP99: number;
}

const SUBJECTS = 1000;
const subjectOf = (n: number) => `bench-subject-${n % SUBJECTS}`;

/**
 * `events` events in transactions of `perTransaction`, committed by `writers` concurrent
 * writers as fast as they go; measured from the first commit to the last consume.
 */
export async function runThroughput(
  apps: BenchApps,
  options: { events: number; perTransaction: number; writers: number; timeoutMs: number },
): Promise<ThroughputResult> {
  apps.handler.reset();
  const transactions = Math.ceil(options.events / options.perTransaction);
  const committedAt = new Map<string, number>();
  let next = 0;
  const consumed = apps.handler.waitFor(options.events, options.timeoutMs);
  const started = performance.now();
  const startedWall = Date.now();
  await Promise.all(
    Array.from({ length: options.writers }, async () => {
      for (let tx = next++; tx < transactions; tx = next++) {
        const events = Array.from({ length: options.perTransaction }, (_, i) =>
          benchEvent(subjectOf(tx * options.perTransaction + i), tx),
        );
        await apps.producerDs.transaction((manager) => apps.producer.outbox.append(manager, events));
        const now = performance.now();
        for (const e of events) committedAt.set(e.envelope.id, now);
      }
    }),
  );
  const committed = performance.now();
  await consumed;
  const finished = performance.now();
  const latencies = latenciesOf(apps, committedAt);
  const lastPublished = apps.producer.relay.status().lastPublishedAt;
  return {
    events: options.events,
    transactions,
    commitSeconds: (committed - started) / 1000,
    commitRate: rate(options.events, committed - started),
    endToEndSeconds: (finished - started) / 1000,
    endToEndRate: rate(options.events, finished - started),
    relaySeconds: lastPublished ? (Date.parse(lastPublished) - startedWall) / 1000 : Number.NaN,
    latencyP50: percentile(latencies, 50),
    latencyP99: percentile(latencies, 99),
  };
}

export interface LatencyResult {
  targetRate: number;
  perTransaction: number;
  achievedRate: number;
  events: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * Open-loop load: `perTransaction` events per transaction at a fixed event rate (issued every
 * 10 ms, in slices), so a slow pipeline shows up as latency rather than as a slower writer.
 */
export async function runLatency(
  apps: BenchApps,
  options: { ratePerSecond: number; seconds: number; perTransaction: number; timeoutMs: number },
): Promise<LatencyResult> {
  apps.handler.reset();
  const tickMs = 10;
  const size = options.perTransaction;
  const perTick = options.ratePerSecond / size / (1000 / tickMs);
  const transactions = Math.round((options.ratePerSecond * options.seconds) / size);
  const total = transactions * size;
  const committedAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const consumed = apps.handler.waitFor(total, options.timeoutMs);
  const started = performance.now();
  let issued = 0;
  for (let tick = 0; issued < transactions; tick++) {
    const due = Math.min(transactions, Math.round((tick + 1) * perTick));
    for (; issued < due; issued++) {
      const events = Array.from({ length: size }, (_, i) => benchEvent(subjectOf(issued * size + i), issued));
      const tx = apps.producerDs
        .transaction((manager) => apps.producer.outbox.append(manager, events))
        .then(() => {
          const now = performance.now();
          for (const e of events) committedAt.set(e.envelope.id, now);
        });
      inFlight.add(tx);
      void tx.finally(() => inFlight.delete(tx));
    }
    const nextTickAt = started + (tick + 1) * tickMs;
    const wait = nextTickAt - performance.now();
    if (wait > 0) await delay(wait);
  }
  await Promise.all(inFlight);
  const issuedMs = performance.now() - started;
  await consumed;
  const latencies = latenciesOf(apps, committedAt);
  return {
    targetRate: options.ratePerSecond,
    perTransaction: size,
    achievedRate: rate(total, issuedMs),
    events: total,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
  };
}

/** Consume − commit per event, both taken in this process with performance.now(). */
function latenciesOf(apps: BenchApps, committedAt: Map<string, number>): number[] {
  const latencies: number[] = [];
  for (const [id, commit] of committedAt) {
    const consumedAt = apps.handler.consumedAt.get(id);
    if (consumedAt !== undefined) latencies.push(Math.max(0, consumedAt - commit));
  }
  return latencies;
}
