import type { CpuPerRequest } from '../messaging/process-cpu';
import type { HeapFigures } from './heap-figures';
import type { MemoryFigures } from './memory-sampler';
import type { RunFigures } from './run-figures';
import { GOALS } from './workflows-settings';

/** One load measured on one target. */
export interface Measured {
  label: string;
  figures: RunFigures;
  /** CPU per run: the target's process and the database's backends. */
  cpu: CpuPerRequest;
}

const num = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
const msOf = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
const cpuOf = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);
const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function printMeasured({ label, figures, cpu }: Measured): void {
  console.log(
    `  ${label}: ${figures.completed.toLocaleString('en-US')}/${figures.runs.toLocaleString('en-US')} runs completed; ` +
      `started ${num(figures.startedPerSecond)}/s, completed ${num(figures.completedPerSecond)}/s; ` +
      `first step p50 ${msOf(figures.firstStepP50Ms)} p99 ${msOf(figures.firstStepP99Ms)}; ` +
      `all done ${figures.allDoneSeconds.toFixed(1)} s after the first event; CPU/run ${cpuOf(cpu.appMs)} + db ${cpuOf(cpu.databaseMs)}`,
  );
}

/** The table (app beside baseline, per load), the platform's memory and the goals with PASS/FAIL. */
export function printReport(loads: {
  paced: { label: string; app: Measured; baseline: Measured };
  burst: { label: string; app: Measured; baseline: Measured };
  memory: MemoryFigures;
  heap: { before: HeapFigures | null; after: HeapFigures | null };
}): void {
  const row = (name: string, app: string, baseline: string, ratio = '') =>
    console.log(`  ${name.padEnd(34)} ${app.padStart(12)} ${baseline.padStart(12)} ${ratio.padStart(8)}`);
  const ratioOf = (app: number, baseline: number) => (baseline > 0 ? `${(app / baseline).toFixed(2)}×` : 'n/a');
  console.log('\nsummary');
  row('', 'app', 'baseline', 'ratio');
  for (const load of [loads.paced, loads.burst]) {
    const { app, baseline } = load;
    console.log(`  ${load.label}`);
    row('  runs started/s', num(app.figures.startedPerSecond), num(baseline.figures.startedPerSecond));
    row(
      '  runs completed/s',
      num(app.figures.completedPerSecond),
      num(baseline.figures.completedPerSecond),
      ratioOf(app.figures.completedPerSecond, baseline.figures.completedPerSecond),
    );
    row('  event → first step p50', msOf(app.figures.firstStepP50Ms), msOf(baseline.figures.firstStepP50Ms));
    row('  event → first step p99', msOf(app.figures.firstStepP99Ms), msOf(baseline.figures.firstStepP99Ms));
    row('  all completed after', `${app.figures.allDoneSeconds.toFixed(1)} s`, `${baseline.figures.allDoneSeconds.toFixed(1)} s`);
    row('  CPU per run, process', cpuOf(app.cpu.appMs), cpuOf(baseline.cpu.appMs));
    row('  CPU per run, PostgreSQL', cpuOf(app.cpu.databaseMs), cpuOf(baseline.cpu.databaseMs));
  }
  const { memory, heap } = loads;
  console.log(
    `  platform RSS: ${mb(memory.startMb)} before the first load, peak ${mb(memory.peakMb)}, ${mb(memory.endMb)} after the last`,
  );
  for (const [when, figures] of [
    ['before the first load', heap.before],
    ['after the last', heap.after],
  ] as const) {
    console.log(`  platform after global.gc(), ${when}: ${heapLine(figures)}`);
  }

  const burst = loads.burst;
  const completed = burst.app.figures.completedPerSecond;
  const ratio = completed / burst.baseline.figures.completedPerSecond;
  const p99 = loads.paced.app.figures.firstStepP99Ms;
  const growth = memory.startMb && memory.endMb ? memory.endMb / memory.startMb : Number.NaN;
  const heapGrowth = heap.before && heap.after ? heap.after.usedHeapBytes / heap.before.usedHeapBytes : Number.NaN;
  console.log('\ngoals');
  console.log(
    `  runs completed/s (burst) ≥ ${GOALS.completedPerSecond}: ${num(completed)} — ${verdict(completed >= GOALS.completedPerSecond)}`,
  );
  console.log(`  first step p99 (paced) < ${GOALS.firstStepP99Ms} ms: ${msOf(p99)} — ${verdict(p99 < GOALS.firstStepP99Ms)}`);
  console.log(`  completed/s ≥ ${GOALS.ratio}× baseline (burst): ${ratio.toFixed(2)}× — ${verdict(ratio >= GOALS.ratio)}`);
  console.log(
    `  memory flat (RSS after ≤ ${GOALS.memoryGrowth}× before): ${Number.isFinite(growth) ? `${growth.toFixed(2)}×` : 'n/a'} — ` +
      verdict(growth <= GOALS.memoryGrowth),
  );
  console.log(
    `  heap after global.gc() within ${Math.round((GOALS.heapGrowth - 1) * 100)} % of the start: ` +
      `${Number.isFinite(heapGrowth) ? `${heapGrowth.toFixed(2)}×` : 'n/a'} — ${verdict(heapGrowth <= GOALS.heapGrowth)}`,
  );
}

/** The heap's live objects and what the process holds besides, after a GC (MB). */
function heapLine(figures: HeapFigures | null): string {
  if (!figures) return 'n/a (the probe did not answer)';
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return (
    `heap used ${mib(figures.usedHeapBytes)} of ${mib(figures.totalHeapBytes)}, external ${mib(figures.externalBytes)} ` +
    `(array buffers ${mib(figures.arrayBuffersBytes)}), V8 malloc ${mib(figures.mallocedBytes)}, RSS ${mib(figures.rssBytes)}; ` +
    `${figures.nativeContexts} contexts (${figures.detachedContexts} detached)`
  );
}
