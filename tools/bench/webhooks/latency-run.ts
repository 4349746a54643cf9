import { commitPaced } from './load';
import { deliveryRate, latencies, type LatencySummary } from './receipts';
import {
  appIsIdle,
  collectReceipts,
  describeConnections,
  perSecond,
  startCpu,
  waitForRequests,
  type RunContext,
} from './run-context';
import { SETTINGS } from './webhooks-settings';

export interface LatencyResult {
  latency: LatencySummary;
  /** Events committed per second, as achieved. */
  achievedRate: number;
}

/** Latency at a fixed rate: commit → receipt of each event, events committed evenly at SETTINGS.rate. */
export async function latencyRun(context: RunContext): Promise<LatencyResult | null> {
  const { receiver, writer, endpoints } = context;
  const perTick = (SETTINGS.rate * SETTINGS.rateTickMs) / 1000;
  if (!appIsIdle(context, `latency at ${SETTINGS.rate} events/s`)) return null;
  console.log(
    `\nlatency at ${SETTINGS.rate} events/s — ${SETTINGS.rateSeconds} s, a transaction every ${SETTINGS.rateTickMs} ms with ${perTick} events; ` +
      'latency = receipt − the event’s COMMIT returning',
  );
  await receiver.reset();
  const cpu = await startCpu(context);
  const committed = await commitPaced(writer, endpoints, {
    rate: SETTINGS.rate,
    seconds: SETTINGS.rateSeconds,
    tickMs: SETTINGS.rateTickMs,
  });
  const all = await waitForRequests(receiver, committed.paths.size, SETTINGS.waitSeconds * 1000);
  const receipts = await collectReceipts(context, `latency at ${SETTINGS.rate}/s`, committed.paths, { app: true });
  const cpuLine = cpu.describe(receipts.firstAt.size);
  const latency = latencies(committed.committedAt, receipts);
  const achievedRate = (committed.paths.size * 1000) / committed.durationMs;
  const delivered = deliveryRate(receipts.times);
  console.log(
    `  committed ${committed.paths.size} (${perSecond(achievedRate)} achieved); delivered ${receipts.firstAt.size}` +
      `${all ? '' : ' (gave up waiting)'} at ${perSecond(delivered.overall)}, duplicates ${receipts.duplicates}`,
  );
  console.log(
    latency.count === 0
      ? '  latency: n/a (nothing delivered)'
      : `  latency: p50 ${latency.p50.toFixed(1)} ms, p90 ${latency.p90.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`,
  );
  console.log(`  CPU per delivery: ${cpuLine}`);
  console.log(`  ${await describeConnections(receiver)}`);
  return { latency, achievedRate };
}
