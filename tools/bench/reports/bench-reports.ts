/**
 * `npm run bench:reports`: the reporting reads of issue 18 on a company with 13 months of history,
 * beside plain-SQL baselines measured in the same run, on real PostgreSQL (DATABASE_URL or embedded)
 * and Kafka (KAFKA_BROKERS or a local broker; the platform's replicas learn the bench's companies
 * through it). Everything listens on 127.0.0.1; the run stops by itself (HARD_LIMIT_MS) and drops
 * its database.
 *
 * The platform runs as its own process (platform-process.ts). Two companies with a user holding
 * view-dashboard and view-calls are announced the production way (announceUsers); their history is
 * put straight into the tables by generate_series (reports-seed.ts; the second company gets
 * 1/BENCH_REPORTS_OTHER_DIVISOR of the first's rows, so every read has to skip another company's),
 * then VACUUM ANALYZE. Then, in order:
 *
 *   dashboard: for each of the 8 presets, 10 warm-up requests then BENCH_REPORTS_DASHBOARD_REQUESTS
 *     sequential GET /api/dashboard/business?range=<preset>: p50/p99; the baseline, the same figures
 *     as 5 plain statements on one pg client over the same window, as many times; then a
 *     BENCH_REPORTS_BURST_SECONDS autocannon burst on thisMonth with BENCH_REPORTS_BURST_CONNECTIONS.
 *   export: one warm-up, then BENCH_REPORTS_EXPORT_RUNS × GET /api/ai/call-history/export?format=csv
 *     &limit=BENCH_REPORTS_EXPORT_ROWS: time to the first body byte, total, rows/s, and the
 *     platform's RSS growth (VmRSS every BENCH_REPORTS_RSS_SAMPLE_MS ms, peak over the value just
 *     before); the baseline, COPY (SELECT the same columns … ORDER BY started_at DESC, id DESC LIMIT n)
 *     TO STDOUT WITH CSV HEADER through pg-copy-streams, as many runs.
 *
 * Goals (reports-settings.ts) are printed PASS/FAIL and do not change the exit code; an error does (1),
 * and so does the hard limit (2).
 *
 * Knobs (env): BENCH_REPORTS_CALLS=1000000 BENCH_REPORTS_CONTACTS=200000 BENCH_REPORTS_APPOINTMENTS=40000
 *   BENCH_REPORTS_SMS=300000 BENCH_REPORTS_SPEND_DAYS=400 BENCH_REPORTS_OTHER_DIVISOR=20
 *   BENCH_REPORTS_DASHBOARD_REQUESTS=200 BENCH_REPORTS_BURST_SECONDS=5 BENCH_REPORTS_BURST_CONNECTIONS=4
 *   BENCH_REPORTS_EXPORT_ROWS=10000 BENCH_REPORTS_EXPORT_RUNS=5 BENCH_REPORTS_RSS_SAMPLE_MS=20
 *   BENCH_LOG_LEVEL=warn; BENCH_APP_ENV / BENCH_APP_NODE_ARGS reach the platform (platform-process.ts).
 */
import { Client } from 'pg';
import { announceUsers } from '../announce-users';
import { runBench } from '../bench-run';
import { startBenchPlatform } from '../crm/platform-process';
import { dashboardBurst, explainBaseline, timeBaseline, timeDashboard } from './dashboard-run';
import { timeCopy, timeExport, type ExportFigures } from './export-run';
import { printReport, type ReportsFigures } from './reports-report';
import { seedCompany, snapshotHolders, vacuumAnalyze, visibility, type ReportsScale } from './reports-seed';
import { PRESETS, SETTINGS } from './reports-settings';

/** Seeding (a few minutes at most at the defaults), 16 × 210 sequential reads, a burst, 12 exports each side. */
const HARD_LIMIT_MS = 15 * 60_000;
const WARMUP_REQUESTS = 10;

runBench('bench-reports', HARD_LIMIT_MS, async ({ services, tokens, stops, errors }) => {
  const { platform, writer } = await startBenchPlatform({ services, tokens, stops });
  const [main, other] = await announceUsers({
    count: 2,
    schema: platform.schema,
    writer,
    permissions: ['view-dashboard', 'view-calls'],
    timeoutMs: 60_000,
  });
  const client = new Client({ connectionString: services.databaseUrl, application_name: 'bench-reports' });
  await client.connect();
  stops.unshift(() => client.end());

  const scale: ReportsScale = {
    calls: SETTINGS.calls,
    contacts: SETTINGS.contacts,
    appointments: SETTINGS.appointments,
    smsMessages: SETTINGS.smsMessages,
    spendDays: SETTINGS.spendDays,
  };
  const divisor = SETTINGS.otherCompanyDivisor;
  const small: ReportsScale = {
    calls: Math.ceil(scale.calls / divisor),
    contacts: Math.ceil(scale.contacts / divisor),
    appointments: Math.ceil(scale.appointments / divisor),
    smsMessages: Math.ceil(scale.smsMessages / divisor),
    spendDays: scale.spendDays,
  };
  console.log(
    `platform in its own process (pid ${platform.server.pid}); seeding company ${main!.companyId}: ` +
      `${scale.calls.toLocaleString('en-US')} calls, ${scale.contacts.toLocaleString('en-US')} contacts, ` +
      `${scale.appointments.toLocaleString('en-US')} appointments, ${scale.smsMessages.toLocaleString('en-US')} texts, ` +
      `2 ad accounts × ${scale.spendDays} days; company ${other!.companyId} 1/${divisor} of that`,
  );
  const seedStarted = performance.now();
  await seedCompany(client, main!.companyId, scale);
  await seedCompany(client, other!.companyId, small);
  const insertedSeconds = (performance.now() - seedStarted) / 1000;
  const holders = await snapshotHolders(client);
  await vacuumAnalyze(client);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`seeded in ${insertedSeconds.toFixed(1)} s, VACUUM ANALYZE included ${seedSeconds.toFixed(1)} s`);
  // Index-only scans read the heap for every page not all-visible (decision 0035): a snapshot held
  // during the VACUUM, or commit hint bits not yet settable, leave pages unmarked.
  console.log(`  snapshots held when VACUUM started: ${holders.length ? holders.join('; ') : 'none'}`);
  console.log(`  pages all-visible after it: ${(await visibility(client)).join(', ')}`);

  const token = () => tokens.accessToken({ userId: main!.userId, companyId: main!.companyId });
  const dashboard: ReportsFigures['dashboard'] = [];
  console.log(
    `\ndashboard — ${WARMUP_REQUESTS} warm-up + ${SETTINGS.dashboardRequests} sequential requests per range, app then baseline`,
  );
  for (const preset of PRESETS) {
    await timeDashboard(platform.server.url, token, preset, WARMUP_REQUESTS);
    const app = await timeDashboard(platform.server.url, token, preset, SETTINGS.dashboardRequests);
    await timeBaseline(client, main!.companyId, preset, WARMUP_REQUESTS);
    const baseline = await timeBaseline(client, main!.companyId, preset, SETTINGS.dashboardRequests);
    dashboard.push({ preset, app, baseline });
    console.log(
      `  ${preset.padEnd(10)} app p50 ${app.p50Ms.toFixed(1)} ms p99 ${app.p99Ms.toFixed(1)} ms; ` +
        `baseline p50 ${baseline.p50Ms.toFixed(1)} ms p99 ${baseline.p99Ms.toFixed(1)} ms`,
    );
    if (preset === 'thisMonth') console.log(`    body: ${JSON.stringify(app.body).slice(0, 600)}`);
  }
  console.log("  where thisMonth's time goes — each baseline statement's EXPLAIN ANALYZE (execution time, scan):");
  for (const line of await explainBaseline(client, main!.companyId, 'thisMonth')) console.log(`    ${line}`);
  const burst = await dashboardBurst(platform.server.url, await token(), 'thisMonth', {
    connections: SETTINGS.burstConnections,
    seconds: SETTINGS.burstSeconds,
  });
  if (burst.non2xx > 0 || burst.errors > 0)
    throw new Error(`dashboard burst: ${burst.non2xx} non-2xx answers, ${burst.errors} errors`);

  console.log(
    `\nexport — ${SETTINGS.exportRows.toLocaleString('en-US')} rows, 1 warm-up + ${SETTINGS.exportRuns} runs, app then COPY`,
  );
  const app: ExportFigures[] = [];
  const baseline: ExportFigures[] = [];
  const exportOnce = async () =>
    timeExport(platform.server.url, await token(), {
      rows: SETTINGS.exportRows,
      pid: platform.server.pid,
      sampleMs: SETTINGS.rssSampleMs,
    });
  const show = (label: string, run: ExportFigures) =>
    console.log(
      `  ${label}: first byte ${run.ttfbMs.toFixed(1)} ms, total ${run.totalMs.toFixed(1)} ms, ${run.rows} rows, ` +
        `${Math.round(run.rowsPerSecond).toLocaleString('en-US')} rows/s${run.rssGrowthMb === null ? '' : `, RSS +${run.rssGrowthMb.toFixed(1)} MB`}`,
    );
  // A failing export (a missing route, a short CSV) is an error of the run; the dashboard's figures and the COPY
  // baseline are still printed.
  try {
    await exportOnce();
    for (let i = 0; i < SETTINGS.exportRuns; i++) {
      app.push(await exportOnce());
      show('app ', app[i]!);
    }
    if (app.some((run) => run.rows !== SETTINGS.exportRows))
      throw new Error(`the export gave ${app.map((run) => run.rows).join(', ')} rows, not ${SETTINGS.exportRows}`);
  } catch (error) {
    errors.push(`export: ${error instanceof Error ? error.message : String(error)}`);
    app.length = 0;
  }
  await timeCopy(client, main!.companyId, SETTINGS.exportRows);
  for (let i = 0; i < SETTINGS.exportRuns; i++) {
    baseline.push(await timeCopy(client, main!.companyId, SETTINGS.exportRows));
    show('COPY', baseline[i]!);
  }

  printReport({
    seedSeconds,
    rows: {
      calls: scale.calls + small.calls,
      contacts: scale.contacts + small.contacts,
      appointments: scale.appointments + small.appointments,
      sms_messages: scale.smsMessages + small.smsMessages,
      ad_spend_days: 4 * scale.spendDays,
    },
    dashboard,
    burst: { preset: 'thisMonth', connections: SETTINGS.burstConnections, ...burst },
    exports: { app, baseline },
  });
});
