import type { LatencyResult } from './latency-run';
import type { ReplicaKillResult } from './replica-kill-run';
import type { DeliveryRate } from './receipts';
import type { ThroughputResult } from './throughput-run';
import { GOALS, SETTINGS } from './webhooks-settings';

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

/** The goals beside the figures: printed, not asserted (a measurement, not a test). A skipped run's goal is n/a. */
export function printGoals(results: {
  throughput: ThroughputResult;
  baseline: DeliveryRate;
  durable: DeliveryRate;
  latency: LatencyResult | null;
  isolation: DeliveryRate | null;
  replicaKilled: ReplicaKillResult | null;
}): void {
  const app = results.throughput.rate.steady;
  const ratio = results.durable.steady > 0 ? app / results.durable.steady : Number.NaN;
  const physical = results.baseline.steady > 0 ? app / results.baseline.steady : Number.NaN;
  const healthy = results.throughput.othersRate.steady;
  console.log('\ngoals (printed, not asserted):');
  console.log(
    `  sustained ≥ ${rate(GOALS.deliveriesPerSecond)} deliveries/s: ${rate(app)}/s — ${verdict(app >= GOALS.deliveriesPerSecond)}`,
  );
  console.log(
    `  ratio ≥ ${GOALS.ratio}× the durable baseline: app ${rate(app)}/s / durable baseline ${rate(results.durable.steady)}/s` +
      ` = ${ratio.toFixed(2)}× — ${verdict(ratio >= GOALS.ratio)}`,
  );
  console.log(
    `  (beside the no-database baseline, the physical limit: ${rate(results.baseline.steady)}/s, app at ${physical.toFixed(2)}×; no goal)`,
  );
  const latency = results.latency;
  console.log(
    latency && latency.latency.count > 0
      ? `  p99 < ${GOALS.p99Ms} ms at ${SETTINGS.rate}/s: ${latency.latency.p99.toFixed(1)} ms ` +
          `(${rate(latency.achievedRate)}/s committed) — ${verdict(latency.latency.p99 < GOALS.p99Ms)}`
      : `  p99 < ${GOALS.p99Ms} ms at ${SETTINGS.rate}/s: n/a (${latency ? 'nothing delivered' : 'run skipped'}) — FAIL`,
  );
  const isolation = results.isolation;
  const cost = isolation && healthy > 0 ? 1 - isolation.steady / healthy : Number.NaN;
  console.log(
    isolation
      ? `  isolation cost < ${GOALS.isolationCost * 100} %: the others ${rate(isolation.steady)}/s with one hanging, ` +
          `${rate(healthy)}/s all healthy, cost ${(cost * 100).toFixed(1)} % — ${verdict(cost < GOALS.isolationCost)}`
      : `  isolation cost < ${GOALS.isolationCost * 100} %: n/a (run skipped) — FAIL`,
  );
  const killed = results.replicaKilled;
  console.log(
    killed && killed.afterKill.count > 0
      ? `  replica killed: p99 delay of events committed after the kill < ${GOALS.replicaKilledP99Ms / 1000} s: ` +
          `${(killed.afterKill.p99 / 1000).toFixed(1)} s — ${verdict(killed.afterKill.p99 < GOALS.replicaKilledP99Ms)}`
      : `  replica killed: p99 delay < ${GOALS.replicaKilledP99Ms / 1000} s: n/a (run skipped) — FAIL`,
  );
}
