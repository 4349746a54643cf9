import type { CpuPerRequest } from '../messaging/process-cpu';
import type { LoadResult } from '../messaging/send-path/send-load';
import { GOALS, SETTINGS } from './crm-settings';

/** One measured run of one target. */
export interface Measured {
  label: string;
  contacts: number;
  load: LoadResult;
  cpu: CpuPerRequest;
}

/** Below this share of the target rate, a paced run did not hold its rate. */
const RATE_HELD = 0.95;
const count = (value: number) => value.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const cpuMs = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

/** A run's line as it finishes (failures spelled out). */
export function printRun(run: Measured): void {
  const { load } = run;
  console.log(
    `  ${run.label} at ${count(run.contacts)} contacts: ${count(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms; ` +
      `CPU per request ${cpuMs(run.cpu.appMs)} ms in its process, ${cpuMs(run.cpu.databaseMs)} ms in PostgreSQL` +
      (load.failures > 0 ? `\n  !!! ${load.failures} FAILED REQUESTS — ${load.failureDetail}` : ''),
  );
}

/** Every run in one table, then the goals with PASS/FAIL (printed, not asserted: a measurement, not a test). */
export function printReport(runs: {
  list: { small: { app: Measured; baseline: Measured }; large: { app: Measured; baseline: Measured } };
  pages: { small: { app: Measured; baseline: Measured }; large: { app: Measured; baseline: Measured } };
  paced: { small: { app: Measured; baseline: Measured }; large: { app: Measured; baseline: Measured } };
  aged: { app: Measured; baseline: Measured };
  move: { app: Measured; baseline: Measured };
}): void {
  const row = (cells: Array<string | number>) =>
    console.log(
      `  ${String(cells[0]).padEnd(46)}${cells
        .slice(1)
        .map((cell) => String(cell).padStart(11))
        .join('')}`,
    );
  console.log('');
  row(['', 'contacts', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'CPU ms/req', 'PG ms/req']);
  const line = (m: Measured) =>
    row([
      m.label,
      count(m.contacts),
      count(m.load.requestsPerSecond),
      m.load.p50,
      m.load.p99,
      m.load.failures,
      cpuMs(m.cpu.appMs),
      cpuMs(m.cpu.databaseMs),
    ]);
  const ratio = (label: string, app: Measured, baseline: Measured) =>
    row([
      label,
      '',
      times(app.load.requestsPerSecond / baseline.load.requestsPerSecond),
      times(app.load.p50 / baseline.load.p50),
      times(app.load.p99 / baseline.load.p99),
      '',
      '',
      '',
    ]);
  for (const kind of [runs.list, runs.pages, runs.paced]) {
    for (const size of [kind.small, kind.large]) {
      line(size.app);
      line(size.baseline);
      ratio('  app / baseline', size.app, size.baseline);
    }
    ratio(`  app ${count(SETTINGS.contacts)} / ${count(SETTINGS.smallContacts)}`, kind.large.app, kind.small.app);
  }
  line(runs.aged.app);
  line(runs.aged.baseline);
  ratio('  app / baseline', runs.aged.app, runs.aged.baseline);
  ratio('  app, aged / stage 1', runs.aged.app, runs.list.large.app);
  line(runs.move.app);
  line(runs.move.baseline);
  ratio('  app / baseline', runs.move.app, runs.move.baseline);

  const { small, large } = runs.list;
  const growth = large.app.load.p99 / small.app.load.p99;
  const listRatio = large.app.load.p99 / large.baseline.load.p99;
  const moveRatio = runs.move.app.load.requestsPerSecond / runs.move.baseline.load.requestsPerSecond;
  const pagesGrowth = runs.pages.large.app.load.p99 / runs.pages.small.app.load.p99;
  console.log('\ngoals (printed, not asserted):');
  console.log(
    `  list p99 at ${count(SETTINGS.contacts)} ≤ ${GOALS.listGrowth}× at ${count(SETTINGS.smallContacts)} (a stage's first page): ` +
      `${large.app.load.p99} ms / ${small.app.load.p99} ms = ${times(growth)} — ${verdict(growth <= GOALS.listGrowth)}` +
      ` (random pages 1–${SETTINGS.pages}: ${times(pagesGrowth)})`,
  );
  console.log(
    `  list p99 ≤ ${GOALS.listRatio}× baseline at ${count(SETTINGS.contacts)}: ${large.app.load.p99} ms / ${large.baseline.load.p99} ms = ` +
      `${times(listRatio)} — ${verdict(listRatio <= GOALS.listRatio)}`,
  );
  const paced = runs.paced;
  const held = (m: Measured) => m.load.achievedRate >= SETTINGS.listRate * RATE_HELD;
  const notHeld = [paced.small.app, paced.large.app, paced.large.baseline].filter((m) => !held(m));
  console.log(
    `  (at ${SETTINGS.listRate}/s paced, informative: p99 ${count(SETTINGS.contacts)} / ${count(SETTINGS.smallContacts)} ` +
      `${times(paced.large.app.load.p99 / paced.small.app.load.p99)}, app / baseline ${times(paced.large.app.load.p99 / paced.large.baseline.load.p99)}` +
      `${notHeld.length > 0 ? `; rate not held by ${notHeld.map((m) => `${m.label} at ${count(m.contacts)}`).join(', ')}` : ''})`,
  );
  const aged = runs.aged.app.load.p99 / large.app.load.p99;
  console.log(
    `  (not an issue goal) list p99 of an aged stage ≤ ${GOALS.listGrowth}× a round-robin stage's of the same size at ` +
      `${count(SETTINGS.contacts)}: ${runs.aged.app.load.p99} ms / ${large.app.load.p99} ms = ${times(aged)} — ` +
      `${verdict(aged <= GOALS.listGrowth)} (an index range of the stage reads the same either way; a walk of the newest placements does not)`,
  );
  console.log(
    `  move-stage ≥ ${GOALS.moveRatio}× baseline at ${SETTINGS.moveConnections} clients: ${count(runs.move.app.load.requestsPerSecond)}/s / ` +
      `${count(runs.move.baseline.load.requestsPerSecond)}/s = ${times(moveRatio)} — ${verdict(moveRatio >= GOALS.moveRatio)}` +
      ` (p99 ${runs.move.app.load.p99} ms vs ${runs.move.baseline.load.p99} ms)`,
  );
}
