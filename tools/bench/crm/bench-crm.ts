/**
 * `npm run bench:crm`: the platform's CRM pipeline under load, beside a bare baseline measured in the
 * same run, on real PostgreSQL (DATABASE_URL or embedded) and a real Kafka broker (KAFKA_BROKERS or
 * one started from the Maven jars; the platform's own events reach its replicas through it). Everything
 * listens on 127.0.0.1; the run stops by itself (HARD_LIMIT_MS) and removes what it created.
 *
 * Three processes besides PostgreSQL and Kafka: this driver (autocannon), the platform
 * (dist/apps/platform/src/main.js, platform-process.ts) and the baseline (baseline-server.ts: node:http
 * + pg, no framework or auth, the statements of the platform's service by hand, on the same tables and
 * rows). A company and a user with view-pipelines and edit-pipelines reach the platform's replicas the
 * production way (announceUsers); a pipeline of BENCH_CRM_STAGES stages is created through POST
 * /api/pipeline; contacts are seeded by SQL (crm-seed.ts), round-robin over the stages. Runs, in order:
 *
 *   list at BENCH_CRM_SMALL contacts, then again at BENCH_CRM_CONTACTS: GET /api/pipeline/{id}/contacts
 *     ?stage_id=&per_page= — a stage's first page, then a random stage's random page among its first
 *     BENCH_CRM_PAGES — app then baseline, BENCH_CRM_LIST_CONNECTIONS connections, as fast as they go
 *     (the goals are read there); then the first page at BENCH_CRM_LIST_RATE requests/s evenly paced
 *     (open loop, up to BENCH_CRM_LIST_RATE_CONNECTIONS connections): latency at a load both hold, where
 *     a saturated run's p99 is mostly queueing behind the target's CPU; then EXPLAIN ANALYZE of the page
 *     query at the large size (which index, how many rows read).
 *   list of an aged stage: the same contacts placed in a second pipeline (crm-seed.ts), its last stage
 *     holding the oldest eighth — as large as the first pipeline's stages, but placed before all the
 *     others (a "Won" stage); its first page as above, app then baseline, and EXPLAIN ANALYZE: whether
 *     the page is an index range of the stage or a walk of the newest placements of every stage.
 *   move-stage: POST /api/pipeline/contact/move-stage {contact_id, stage_id}, a random contact to a random
 *     stage, BENCH_CRM_MOVE_CONNECTIONS clients; the app, which is then stopped (its relay would publish
 *     the baseline's outbox rows), then the baseline; the stage counters checked against the rows.
 *
 * Each run is BENCH_CRM_WARMUP_SECONDS of the same load (not measured; a target's first run
 * BENCH_CRM_FIRST_WARMUP_SECONDS, so the first size measured does not pay for a cold start) then BENCH_CRM_SECONDS. Goals are
 * printed with PASS/FAIL and do not change the exit code; an error (failed requests, a counter off, a
 * process failing) does (1), and so does the hard limit (2).
 *
 * Knobs (env): BENCH_CRM_SMALL=10000 BENCH_CRM_CONTACTS=100000 BENCH_CRM_STAGES=8 BENCH_CRM_PER_PAGE=15
 *   BENCH_CRM_PAGES=20 BENCH_CRM_WARMUP_SECONDS=2 BENCH_CRM_FIRST_WARMUP_SECONDS=10 BENCH_CRM_SECONDS=10
 *   BENCH_CRM_LIST_CONNECTIONS=8 BENCH_CRM_LIST_RATE=100 BENCH_CRM_LIST_RATE_CONNECTIONS=32
 *   BENCH_CRM_MOVE_CONNECTIONS=32 BENCH_LOG_LEVEL=warn; BENCH_APP_ENV="NAME=value …" sets variables for
 *   the platform alone (DATABASE_POOL_SIZE=20, say; the baseline copies its pool size);
 *   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" reaches the platform's node.
 */
import { runBench } from '../bench-run';
import type { ChildServer } from '../messaging/child-server';
import { CpuMeter, cpuPerRequest } from '../messaging/process-cpu';
import type { LoadTarget } from '../messaging/send-path/send-load';
import { startCrmBaseline } from './baseline-target';
import { listRequests, moveRequests, runLoad, runPaced } from './crm-load';
import { printReport, printRun, type Measured } from './crm-report';
import { CrmSeed } from './crm-seed';
import { SETTINGS } from './crm-settings';
import { createCrmWorkspace, createPipeline, type CrmWorkspace } from './crm-workspace';
import { startBenchPlatform } from './platform-process';

/** Services, the app and the seeds, two first warm-ups, then 14 list runs and 2 move runs of warm-up + measure. */
const HARD_LIMIT_MS = (300 + 2 * SETTINGS.firstWarmupSeconds + 16 * (SETTINGS.warmupSeconds + SETTINGS.seconds + 2)) * 1000;

interface Target {
  name: 'app' | 'baseline';
  server: ChildServer;
  /** Headers of every request: a fresh bearer token for the app (they last 5 minutes). */
  headers(): Promise<Record<string, string>>;
  /** Whether it has had its first, longer warm-up. */
  warm: boolean;
}

async function measure(
  target: Target,
  label: string,
  contacts: number,
  databaseUrl: string,
  errors: string[],
  load: (loadTarget: LoadTarget, seconds: number) => ReturnType<typeof runLoad>,
): Promise<Measured> {
  const loadTarget = { url: target.server.url, headers: await target.headers() };
  // The same load, not measured: JIT, pools, plans and caches warm.
  const warmupSeconds = target.warm ? SETTINGS.warmupSeconds : Math.max(SETTINGS.warmupSeconds, SETTINGS.firstWarmupSeconds);
  target.warm = true;
  if (warmupSeconds > 0) await load(loadTarget, warmupSeconds);
  // The meter's backends are those open now, after the warm-up opened the pool.
  const meter = await CpuMeter.start(target.server.pid, databaseUrl);
  const before = meter.snapshot();
  const result = await load(loadTarget, SETTINGS.seconds);
  const measured: Measured = {
    label: `${label} — ${target.name}`,
    contacts,
    load: result,
    cpu: cpuPerRequest(before, meter.snapshot(), result.answered),
  };
  if (result.failures > 0) errors.push(`${measured.label}: ${result.failures} failed requests — ${result.failureDetail}`);
  printRun(measured);
  return measured;
}

runBench('bench-crm', HARD_LIMIT_MS, async ({ services, tokens, stops, errors }) => {
  const { platform, stopApp, writer } = await startBenchPlatform({ services, tokens, stops });
  const workspace: CrmWorkspace = await createCrmWorkspace({
    appUrl: platform.server.url,
    schema: platform.schema,
    writer,
    tokens,
    stages: SETTINGS.stages,
    timeoutMs: 60_000,
  });
  const seed = await CrmSeed.open(services.databaseUrl, workspace);
  stops.unshift(() => seed.close());
  const baselineServer = await startCrmBaseline({
    databaseUrl: services.databaseUrl,
    poolSize: platform.poolSize,
    companyId: workspace.companyId,
    userId: workspace.userId,
  });
  stops.unshift(() => baselineServer.stop());
  console.log(
    `platform in its own process (pid ${platform.server.pid}, DATABASE_POOL_SIZE ${platform.poolSize}); ` +
      `baseline node:http + pg Pool (max ${platform.poolSize}, pid ${baselineServer.pid}) on the same tables; ` +
      `one pipeline of ${workspace.stages.length} stages`,
  );
  const app: Target = {
    name: 'app',
    server: platform.server,
    headers: async () => ({ authorization: `Bearer ${await workspace.token()}` }),
    warm: false,
  };
  const baseline: Target = { name: 'baseline', server: baselineServer, headers: async () => ({}), warm: false };
  const list = (label: string, contacts: number, pages: number) => async (target: Target) =>
    measure(target, label, contacts, services.databaseUrl, errors, (loadTarget, seconds) =>
      runLoad(loadTarget, listRequests(workspace, { perPage: SETTINGS.perPage, pages, stage: pages > 1 ? 'random' : 0 }), {
        method: 'GET',
        connections: SETTINGS.listConnections,
        seconds,
      }),
    );
  const listAt = async (contacts: number) => {
    const seededMs = await seed.growTo(contacts);
    console.log(
      `\nlist — ${contacts.toLocaleString('en-US')} contacts (seeded in ${(seededMs / 1000).toFixed(1)} s), ` +
        `per_page ${SETTINGS.perPage}, ${SETTINGS.listConnections} connections, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s`,
    );
    const first = list('list, first page', contacts, 1);
    const pages = list(`list, pages 1–${SETTINGS.pages}`, contacts, SETTINGS.pages);
    const paced = (target: Target) =>
      measure(
        target,
        `list, first page, ${SETTINGS.listRate}/s paced`,
        contacts,
        services.databaseUrl,
        errors,
        (loadTarget, seconds) =>
          runPaced(loadTarget, listRequests(workspace, { perPage: SETTINGS.perPage, pages: 1, stage: 0 }), {
            method: 'GET',
            seconds,
            rate: SETTINGS.listRate,
            connections: SETTINGS.listRateConnections,
          }),
      );
    return {
      first: { app: await first(app), baseline: await first(baseline) },
      pages: { app: await pages(app), baseline: await pages(baseline) },
      paced: { app: await paced(app), baseline: await paced(baseline) },
    };
  };
  const small = await listAt(SETTINGS.smallContacts);
  const large = await listAt(SETTINGS.contacts);
  const lastPage = (SETTINGS.pages - 1) * SETTINGS.perPage;
  console.log(
    `\n  EXPLAIN ANALYZE of the page query (stage 1, offset ${lastPage}) at ${SETTINGS.contacts.toLocaleString('en-US')}:`,
  );
  for (const line of await seed.explainPage(workspace.pipelineId, workspace.stages[0]!.id, lastPage, SETTINGS.perPage))
    console.log(`    ${line}`);

  // The same contacts in a second pipeline whose last stage holds the oldest eighth: as large as stage 1, older.
  const aged = await createPipeline(platform.server.url, await workspace.token(), 'Bench pipeline, aged stage', SETTINGS.stages);
  await seed.placeOldestInLastStage(aged);
  const agedStage = aged.stages.length - 1;
  console.log(
    `\nlist of an aged stage — a second pipeline of the same ${SETTINGS.contacts.toLocaleString('en-US')} contacts, its last stage ` +
      `holding the oldest eighth (as many as stage 1 above, all placed before any other stage's); its first page`,
  );
  const agedList = (target: Target) =>
    measure(target, 'list, aged stage, first page', SETTINGS.contacts, services.databaseUrl, errors, (loadTarget, seconds) =>
      runLoad(loadTarget, listRequests(aged, { perPage: SETTINGS.perPage, pages: 1, stage: agedStage }), {
        method: 'GET',
        connections: SETTINGS.listConnections,
        seconds,
      }),
    );
  const agedRuns = { app: await agedList(app), baseline: await agedList(baseline) };
  console.log('  EXPLAIN ANALYZE of its page query (offset 0):');
  for (const line of await seed.explainPage(aged.pipelineId, aged.stages[agedStage]!.id, 0, SETTINGS.perPage))
    console.log(`    ${line}`);

  const contactIds = await seed.contactIds();
  console.log(
    `\nmove-stage — ${SETTINGS.moveConnections} clients, a random contact of ${contactIds.length.toLocaleString('en-US')} ` +
      `to a random stage of ${workspace.stages.length}, ${SETTINGS.warmupSeconds} s warm-up + ${SETTINGS.seconds} s; the app, then (app stopped) the baseline`,
  );
  const move = (target: Target) =>
    measure(target, 'move-stage', SETTINGS.contacts, services.databaseUrl, errors, (loadTarget, seconds) =>
      runLoad(loadTarget, moveRequests(workspace, contactIds), {
        method: 'POST',
        connections: SETTINGS.moveConnections,
        seconds,
      }),
    );
  const moveApp = await move(app);
  await stopApp();
  const moveBaseline = await move(baseline);
  if (!(await seed.countersHold())) errors.push('move-stage: a stage counter differs from its rows after the moves');

  printReport({
    list: { small: small.first, large: large.first },
    pages: { small: small.pages, large: large.pages },
    paced: { small: small.paced, large: large.paced },
    aged: agedRuns,
    move: { app: moveApp, baseline: moveBaseline },
  });
});
