/**
 * `npm run bench:workflows`: the workflow engine under load, beside a bare baseline measured in the
 * same run, on real PostgreSQL (DATABASE_URL or embedded) and a real Kafka broker (KAFKA_BROKERS or
 * one started from the Maven jars). Everything listens on 127.0.0.1; the run stops by itself
 * (HARD_LIMIT_MS) and removes what it created (its database, and its topics on a shared cluster).
 *
 * The platform runs in its own process (dist/apps/platform/src/main.js, crm/platform-process.ts). A
 * company and a user with view-workflows and edit-workflows reach its replicas the production way
 * (announceUsers); the workflow of the goal — contact_created → send_sms → wait 1 s → add_tag — is
 * created and activated through its API (workflow-workspace.ts). Contacts are created the way the
 * platform creates them, only faster: their rows and their `crm_contact.created` outbox rows
 * committed together by SQL, a batch per statement (contact-events-seed.ts); the platform's relay
 * publishes them, its consumer starts the runs, its jobs carry them. Two loads, each of
 * BENCH_WF_CONTACTS contacts:
 *
 *   paced — BENCH_WF_RATE contacts/s in batches every BENCH_WF_BATCH_MS: event-to-first-step latency
 *     at a load the goal names (the first step's started_at minus the envelope's occurred_at);
 *   burst — batches of BENCH_WF_BURST_BATCH back to back: how many runs/s the pipeline carries.
 *
 * Figures, from the rows the runs left (run-figures.ts): runs started/s (span of workflow_runs.started_at),
 * completed/s (span of the completed runs' finished_at), latency p50/p99, the time from the first
 * event until the last run completed; every contact must carry the tag and every run have completed
 * (else exit 1). The platform's RSS is sampled through both loads (start, peak, end), and its heap
 * after a GC read before the first and after the last (heap-probe.ts, preloaded with --expose-gc:
 * live objects apart from pages the heap and the allocator keep); CPU per run (its process and the
 * PostgreSQL backends, load-cpu.ts) is read around each load.
 *
 * Then the platform is stopped and the baseline (baseline-consumer-process.ts: kafkajs + pg, no
 * framework, an in-memory timer for the wait) takes the same two loads on its own copies of the tables
 * (schema bench_wf_baseline), the contact events published by the bench to its own topic (it has no
 * relay). ratio = app completed/s ÷ baseline completed/s in the burst.
 *
 * Goals (printed PASS/FAIL, the exit code unchanged): ≥ 500 runs/s completed (burst), first step p99
 * < 500 ms (paced), ≥ 0.5× the baseline, memory flat (RSS after ≤ 1.5× before, and the heap after a
 * GC within 10 % of the start). Errors exit 1, the hard limit 2.
 *
 * Knobs (env): BENCH_WF_CONTACTS=10000 BENCH_WF_RATE=500 BENCH_WF_BATCH_MS=100 BENCH_WF_BURST_BATCH=500
 *   BENCH_WF_STALL_SECONDS=60 BENCH_WF_MEMORY_SAMPLE_MS=250 BENCH_LOG_LEVEL=warn; BENCH_APP_ENV="NAME=value …"
 *   sets variables for the platform alone (the baseline copies its DATABASE_POOL_SIZE);
 *   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" reaches the platform's node.
 */
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { runBench } from '../bench-run';
import { startBenchPlatform } from '../crm/platform-process';
import { startWorkflowBaseline } from './baseline-consumer';
import { BASELINE_SCHEMA, createBaselineSchema } from './baseline-schema';
import { BaselineTopic } from './baseline-topic';
import { createContactsForBaseline, createContactsWithOutbox } from './contact-events-seed';
import { createContacts, type CreateBatch, type LoadShape } from './contact-load';
import { LoadCpu } from './load-cpu';
import { heapAfterGc, heapProbeArgs } from './heap-figures';
import { MemorySampler, rssMb } from './memory-sampler';
import { runFigures, waitForRuns } from './run-figures';
import { createWorkflowWorkspace } from './workflow-workspace';
import { printMeasured, printReport, type Measured } from './workflows-report';
import { SETTINGS } from './workflows-settings';

/** The workflow's wait (BENCH_GRAPH), which the baseline's timer copies. */
const WAIT_MS = 1000;

/** Services, the app and its workspace; then four loads, each created at the paced rate or faster and carried at ≥ 25 runs/s. */
const HARD_LIMIT_MS = (300 + 4 * (SETTINGS.contacts / SETTINGS.rate + SETTINGS.contacts / 25 + 5)) * 1000;

const PACED: LoadShape = { kind: 'paced', rate: SETTINGS.rate, batchMs: SETTINGS.batchMs };
const BURST: LoadShape = { kind: 'burst', batch: SETTINGS.burstBatch };
const LABELS = {
  paced: `paced — ${SETTINGS.contacts.toLocaleString('en-US')} contacts at ${SETTINGS.rate}/s`,
  burst: `burst — ${SETTINGS.contacts.toLocaleString('en-US')} contacts in batches of ${SETTINGS.burstBatch}, back to back`,
};

runBench('bench-workflows', HARD_LIMIT_MS, async ({ services, tokens, stops, errors }) => {
  // The platform's heap after a GC, before the first load and after the last (heap-probe.ts).
  const heapFile = path.join(os.tmpdir(), `bench-workflows-heap-${process.pid}.json`);
  stops.unshift(() => rm(heapFile, { force: true }));
  const { platform, stopApp, writer } = await startBenchPlatform({ services, tokens, stops }, heapProbeArgs(heapFile));
  const workspace = await createWorkflowWorkspace({
    appUrl: platform.server.url,
    schema: platform.schema,
    writer,
    tokens,
    timeoutMs: 60_000,
  });
  const client = new Client({ connectionString: services.databaseUrl, application_name: 'bench-workflows' });
  await client.connect();
  stops.unshift(() => client.end());
  await createBaselineSchema(client, platform.schema);
  console.log(
    `platform in its own process (pid ${platform.server.pid}, DATABASE_POOL_SIZE ${platform.poolSize}); ` +
      `workflow ${workspace.workflowId} active (send_sms → wait 1 s → add_tag); ` +
      `baseline kafkajs + pg Pool (max ${platform.poolSize}) on schema ${BASELINE_SCHEMA}, after the platform is stopped`,
  );

  let nextNumber = 1;
  const measure = async (
    target: { name: string; pid: number; schema: string; alive: () => string | null },
    label: string,
    shape: LoadShape,
    create: CreateBatch,
  ): Promise<Measured> => {
    const meter = await LoadCpu.start(target.pid, client);
    const events = await createContacts(shape, SETTINGS.contacts, nextNumber, create);
    nextNumber += SETTINGS.contacts;
    const scope = { schema: target.schema, companyId: workspace.companyId, events };
    await waitForRuns(client, scope, SETTINGS.stallSeconds * 1000, target.alive);
    const cpu = await meter.perRun(events.length);
    const figures = await runFigures(client, scope);
    const measured: Measured = { label: `${label} — ${target.name}`, figures, cpu };
    if (figures.completed !== events.length)
      errors.push(`${measured.label}: ${figures.completed} of ${events.length} runs completed (${figures.runs} runs)`);
    if (figures.untagged > 0) errors.push(`${measured.label}: ${figures.untagged} contacts without the tag`);
    printMeasured(measured);
    return measured;
  };

  console.log('\napp');
  const app = {
    name: 'app',
    pid: platform.server.pid,
    schema: platform.schema,
    alive: () => (rssMb(platform.server.pid) === null ? `the platform exited:\n${platform.server.output()}` : null),
  };
  const memory = new MemorySampler(platform.server.pid, SETTINGS.memorySampleMs);
  const heapBefore = await heapAfterGc(platform.server.pid, heapFile);
  const createInApp: CreateBatch = (from, to) =>
    createContactsWithOutbox({ client, schema: platform.schema, companyId: workspace.companyId, from, to });
  const appPaced = await measure(app, LABELS.paced, PACED, createInApp);
  const appBurst = await measure(app, LABELS.burst, BURST, createInApp);
  const memoryFigures = memory.stop();
  const heapAfter = await heapAfterGc(platform.server.pid, heapFile);
  await stopApp();

  console.log('\nbaseline');
  const topic = await BaselineTopic.create(
    services.brokers,
    `${services.topicPrefix}bench.workflows.baseline.contact`,
    platform.partitions,
  );
  stops.unshift(() => topic.close());
  const baselineProcess = await startWorkflowBaseline({
    databaseUrl: services.databaseUrl,
    poolSize: platform.poolSize,
    brokers: services.brokers,
    topic: topic.name,
    groupId: `${services.topicPrefix}bench-workflows-baseline`,
    workflowId: workspace.workflowId,
    waitMs: WAIT_MS,
  });
  stops.unshift(() => baselineProcess.stop());
  const baseline = {
    name: 'baseline',
    pid: baselineProcess.pid,
    schema: BASELINE_SCHEMA,
    alive: () => {
      const code = baselineProcess.exitCode();
      return code === null ? null : `the baseline exited with code ${code}`;
    },
  };
  const createInBaseline: CreateBatch = async (from, to) => {
    const events = await createContactsForBaseline({ client, schema: BASELINE_SCHEMA, companyId: workspace.companyId, from, to });
    await topic.publish(events);
    return events;
  };
  const baselinePaced = await measure(baseline, LABELS.paced, PACED, createInBaseline);
  const baselineBurst = await measure(baseline, LABELS.burst, BURST, createInBaseline);

  printReport({
    paced: { label: LABELS.paced, app: appPaced, baseline: baselinePaced },
    burst: { label: LABELS.burst, app: appBurst, baseline: baselineBurst },
    memory: memoryFigures,
    heap: { before: heapBefore, after: heapAfter },
  });
});
