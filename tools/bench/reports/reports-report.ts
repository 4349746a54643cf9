import { percentile } from '../bench-stats';
import type { LatencyFigures } from './dashboard-run';
import type { ExportFigures } from './export-run';
import { GOALS, type Preset } from './reports-settings';

export interface ReportsFigures {
  seedSeconds: number;
  rows: Record<string, number>;
  dashboard: Array<{ preset: Preset; app: LatencyFigures; baseline: LatencyFigures }>;
  burst: { preset: Preset; connections: number; requestsPerSecond: number; p50Ms: number; p99Ms: number } | null;
  exports: { app: ExportFigures[]; baseline: ExportFigures[] };
}

const msOf = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const ratioOf = (app: number, baseline: number) => (baseline > 0 ? `${(app / baseline).toFixed(1)}×` : 'n/a');
/** NaN (nothing measured) is neither. */
const verdict = (ok: boolean, measured = true) => (!measured ? 'n/a' : ok ? 'PASS' : 'FAIL');
const median = (values: number[]) => percentile(values, 50);

/** The medians of the export runs (the worst for the goals' TTFB and RSS). */
function exportSummary(runs: ExportFigures[]) {
  return {
    ttfbMs: median(runs.map((r) => r.ttfbMs)),
    worstTtfbMs: runs.length ? Math.max(...runs.map((r) => r.ttfbMs)) : Number.NaN,
    totalMs: median(runs.map((r) => r.totalMs)),
    rowsPerSecond: median(runs.map((r) => r.rowsPerSecond)),
    rows: runs[0]?.rows ?? 0,
    worstRssGrowthMb: runs.some((r) => r.rssGrowthMb !== null) ? Math.max(...runs.map((r) => r.rssGrowthMb ?? 0)) : null,
  };
}

export function printReport(figures: ReportsFigures): void {
  const row = (cells: string[], widths: number[]) =>
    console.log(`  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ')}`);
  const widths = [12, 11, 11, 11, 11, 9];
  console.log('\nsummary — dashboard (sequential requests; baseline: the same counts as 5 plain statements on one pg client)');
  row(['range', 'app p50', 'app p99', 'base p50', 'base p99', 'p99 ratio'], widths);
  for (const { preset, app, baseline } of figures.dashboard)
    row(
      [preset, msOf(app.p50Ms), msOf(app.p99Ms), msOf(baseline.p50Ms), msOf(baseline.p99Ms), ratioOf(app.p99Ms, baseline.p99Ms)],
      widths,
    );
  if (figures.burst)
    console.log(
      `  burst, ${figures.burst.preset}, ${figures.burst.connections} connections: ${Math.round(figures.burst.requestsPerSecond)} req/s, ` +
        `p50 ${msOf(figures.burst.p50Ms)}, p99 ${msOf(figures.burst.p99Ms)}`,
    );

  const app = exportSummary(figures.exports.app);
  const base = exportSummary(figures.exports.baseline);
  console.log(`\nsummary — export of ${app.rows.toLocaleString('en-US')} rows (medians of ${figures.exports.app.length} runs)`);
  const w = [22, 12, 12, 8];
  row(['', 'app', 'COPY', 'ratio'], w);
  row(['time to first byte', msOf(app.ttfbMs), msOf(base.ttfbMs), ratioOf(app.ttfbMs, base.ttfbMs)], w);
  row(['total', msOf(app.totalMs), msOf(base.totalMs), ratioOf(app.totalMs, base.totalMs)], w);
  row(
    [
      'rows/s',
      Math.round(app.rowsPerSecond).toLocaleString('en-US'),
      Math.round(base.rowsPerSecond).toLocaleString('en-US'),
      ratioOf(app.rowsPerSecond, base.rowsPerSecond),
    ],
    w,
  );
  row(['RSS growth (worst)', app.worstRssGrowthMb === null ? 'n/a' : `${app.worstRssGrowthMb.toFixed(1)} MB`, '', ''], w);

  const thisMonth = figures.dashboard.find((d) => d.preset === 'thisMonth');
  console.log('\ngoals');
  console.log(
    `  dashboard thisMonth p99 < ${GOALS.dashboardThisMonthP99Ms} ms: ${msOf(thisMonth?.app.p99Ms ?? Number.NaN)} ` +
      verdict((thisMonth?.app.p99Ms ?? Infinity) < GOALS.dashboardThisMonthP99Ms),
  );
  console.log(
    `  export TTFB < ${GOALS.exportTtfbMs} ms (worst run): ${msOf(app.worstTtfbMs)} ` +
      `${verdict(app.worstTtfbMs < GOALS.exportTtfbMs, Number.isFinite(app.worstTtfbMs))}`,
  );
  console.log(
    `  export RSS growth < ${GOALS.exportRssGrowthMb} MB (worst run): ${app.worstRssGrowthMb === null ? 'n/a' : `${app.worstRssGrowthMb.toFixed(1)} MB`} ` +
      verdict(app.worstRssGrowthMb !== null && app.worstRssGrowthMb < GOALS.exportRssGrowthMb, app.worstRssGrowthMb !== null),
  );
  const round = (value: number) => Math.round(value * 10) / 10;
  console.log(
    `\nJSON ${JSON.stringify({
      bench: 'reports',
      seed_seconds: round(figures.seedSeconds),
      rows: figures.rows,
      dashboard: Object.fromEntries(
        figures.dashboard.map(({ preset, app, baseline }) => [
          preset,
          {
            p50_ms: round(app.p50Ms),
            p99_ms: round(app.p99Ms),
            baseline_p50_ms: round(baseline.p50Ms),
            baseline_p99_ms: round(baseline.p99Ms),
          },
        ]),
      ),
      burst: figures.burst && { ...figures.burst, requestsPerSecond: round(figures.burst.requestsPerSecond) },
      export: {
        rows: app.rows,
        ttfb_ms: round(app.ttfbMs),
        worst_ttfb_ms: round(app.worstTtfbMs),
        total_ms: round(app.totalMs),
        rows_per_s: Math.round(app.rowsPerSecond),
        worst_rss_growth_mb: app.worstRssGrowthMb === null ? null : round(app.worstRssGrowthMb),
        copy_ttfb_ms: round(base.ttfbMs),
        copy_total_ms: round(base.totalMs),
        copy_rows_per_s: Math.round(base.rowsPerSecond),
      },
    })}`,
  );
}
