import { Client } from 'pg';
import { createTestDatabase } from '@suite/testing';
import type { BenchContext, BenchSection } from '../bench-section';
import { seedWorkspace } from '../send-path/workspace-seed';
import { drainCpu, drainCpuSnapshot } from './drain-cpu';
import { drainProgress, exactlyOnceFigures, pacingFigures, type DrainProgress } from './drain-analysis';
import { printDrainReport, type ReplicaFigures } from './drain-report';
import { startDrainReplicas } from './drain-replicas';
import { drainSenderNumbers, seedQueue } from './drain-seed';
import { printStatements, resetStatements, STATEMENTS_WANTED } from './drain-statements';
import { allowedIntervalMs, DRAIN_SETTINGS } from './drain-settings';
import { MemorySampler, readMetrics } from './replica-metrics';

const PROGRESS_EVERY_S = 15;
/** Replicas, workspace, seed, analysis and shutdown around the drain itself. */
const SETUP_BUDGET_S = 150;

/**
 * The release scheduler draining a backlog: N queued messages for one workspace, spread over its
 * sender numbers, taken by two app processes on one database at the configured pace. Measures
 * drain time, pacing as the carrier saw it (handed_over_at per number), exactly-once, the split
 * between the replicas and their memory.
 */
export const drainSection: BenchSection = {
  name: 'drain',
  budgetSeconds: DRAIN_SETTINGS.limitSeconds + SETUP_BUDGET_S,
  async run({ services }: BenchContext): Promise<void> {
    const settings = DRAIN_SETTINGS;
    const paceBound = settings.numbers * settings.rate;
    console.log(
      `\ndrain — ${settings.messages} queued messages, ${settings.numbers} sender numbers at ${settings.rate}/s each ` +
        `(at most ${paceBound} msg/s, so ≥ ${Math.ceil(settings.messages / paceBound)} s), two scheduler replicas, limit ${settings.limitSeconds} s`,
    );
    // A database of its own: the send path leaves queued messages behind that these schedulers would otherwise take.
    const database = await createTestDatabase('bench_drain');
    const client = new Client({ connectionString: database.url });
    let cluster: Awaited<ReturnType<typeof startDrainReplicas>> | null = null;
    try {
      cluster = await startDrainReplicas({
        databaseUrl: database.url,
        brokers: services.brokers,
        topicPrefix: services.topicPrefix,
        settings,
      });
      const [first] = cluster.replicas;
      const workspace = await seedWorkspace({
        appUrl: first!.url,
        databaseUrl: database.url,
        brokers: services.brokers,
        topicPrefix: services.topicPrefix,
        internalToken: cluster.internalToken,
        timeoutMs: 60_000,
        senderNumbers: drainSenderNumbers(settings.numbers),
      });
      await configurePacing(first!.url, cluster.internalToken, workspace.companyId, settings.rate);
      await client.connect();
      const seeded = await seedQueue(client, {
        companyId: workspace.companyId,
        senderNumbers: workspace.senderNumbers,
        count: settings.messages,
      });
      const startedAt = Date.now();
      console.log(
        `  seeded in ${seeded.seconds.toFixed(1)} s: workspace, API key and ${settings.numbers} sender numbers the production way (company.created + ` +
          'credential.issued through Kafka, numbers through POST /internal/workspaces/{id}/sender-numbers), pacing through PUT …/settings ' +
          `(per_second_rate ${settings.rate}, send window 00:00–24:00, new-contact cap 100,000/day from day 0); then one transaction of ` +
          `INSERT … SELECT FROM generate_series: ${settings.messages} contacts pinned round-robin (+ their first_message pin history) and ` +
          'their queued messages with the columns POST /v1/messages writes (release_after = created_at ≤ now; ' +
          'no message.queued outbox rows — those are relayed at POST time)',
      );
      console.log(
        `  replicas: 2 × dist/apps/messaging/src/main.js, sandbox carrier (send delay 0, ` +
          `receipts after ${settings.deliveryDelayMs} ms through the signed callback path), ` +
          `relay to Kafka, V8 old space ${settings.heapMb} MB each (a 512 Mi pod's heap; BENCH_DRAIN_HEAP_MB)`,
      );

      const samplers = cluster.replicas.map((replica) => new MemorySampler(replica.url, startedAt));
      samplers.forEach((sampler) => sampler.start());
      const replicaPids = cluster.replicas.map((replica) => replica.pid);
      const statements = STATEMENTS_WANTED && (await resetStatements(client));
      const cpuBefore = await drainCpuSnapshot(client, replicaPids);
      const last = await waitDrained(client, workspace.companyId, startedAt, settings.limitSeconds);
      const drainSeconds = (Date.now() - startedAt) / 1000;
      const cpuAfter = await drainCpuSnapshot(client, replicaPids);
      samplers.forEach((sampler) => sampler.stop());

      const replicas: ReplicaFigures[] = await Promise.all(
        cluster.replicas.map(async (replica, i) => ({
          name: `replica ${'ab'[i]}`,
          ...countersOf(await readMetrics(replica.url).catch(() => new Map<string, number>())),
          samples: samplers[i]!.samples,
        })),
      );
      const once = await exactlyOnceFigures(client, workspace.companyId);
      printDrainReport({
        settings,
        cpu: drainCpu(cpuBefore, cpuAfter, once.handedOver),
        drained: last.pending === 0,
        last,
        drainSeconds,
        seededAt: seeded.committedAt,
        pacing: await pacingFigures(client, workspace.companyId, allowedIntervalMs(settings.rate)),
        once,
        replicas,
      });
      if (statements) await printStatements(client, once.handedOver);
    } finally {
      await cluster?.stop();
      await client.end().catch(() => undefined);
      await database.drop().catch(() => undefined);
    }
  },
};

/** Pace and window through the operator API, as an operator would set them. */
async function configurePacing(url: string, internalToken: string, companyId: string, rate: number): Promise<void> {
  const response = await fetch(`${url}/internal/workspaces/${companyId}/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
    body: JSON.stringify({
      send_window_start: '00:00',
      send_window_end: '24:00',
      per_second_rate: rate,
      warmup_days: 0,
      daily_new_contacts_start: 100_000,
      daily_new_contacts_max: 100_000,
    }),
  });
  if (!response.ok) throw new Error(`PUT settings answered ${response.status}: ${await response.text()}`);
}

/** Polls every second until nothing is queued or sending, or the limit; progress every PROGRESS_EVERY_S. */
async function waitDrained(client: Client, companyId: string, startedAt: number, limitSeconds: number): Promise<DrainProgress> {
  let nextReport = PROGRESS_EVERY_S;
  for (;;) {
    const progress = await drainProgress(client, companyId);
    const elapsed = (Date.now() - startedAt) / 1000;
    if (progress.pending === 0 || elapsed >= limitSeconds) return progress;
    if (elapsed >= nextReport) {
      console.log(
        `  … ${Math.round(elapsed)} s: ${progress.pending} still queued/sending (${JSON.stringify(progress.byStatus)})`,
      );
      nextReport += PROGRESS_EVERY_S;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** messaging_scheduler_released_total by outcome and messaging_scheduler_deferred_total by reason, from one replica's /metrics. */
function countersOf(metrics: Map<string, number>): Pick<ReplicaFigures, 'released' | 'deferred'> {
  const released: Record<string, number> = {};
  const deferred: Record<string, number> = {};
  for (const [key, value] of metrics) {
    const match = /^messaging_scheduler_(released|deferred)_total\{.*(?:outcome|reason)="([a-z_]+)".*\}$/.exec(key);
    if (!match) continue;
    const into = match[1] === 'released' ? released : deferred;
    into[match[2]!] = (into[match[2]!] ?? 0) + value;
  }
  return { released, deferred };
}
