import { randomBytes } from 'node:crypto';
import { EVENT_TOPICS } from '@suite/contracts';
import { physicalTopicName } from '@suite/eventing';
import { startBaseline } from './baseline';
import { deliveryRate, type DeliveryRate } from './receipts';
import {
  collectReceipts,
  describeConnections,
  perSecond,
  seconds,
  startCpu,
  waitForRequests,
  type RunContext,
} from './run-context';
import type { ThroughputResult } from './throughput-run';
import { SETTINGS } from './webhooks-settings';

/** The two baselines: no database (the physical limit) and durable (bare SQL doing what a durable delivery must). */
export type BaselineKind = 'baseline' | 'durable baseline';

const DESCRIPTIONS: Record<BaselineKind, string> = {
  baseline: 'no database, no signing',
  'durable baseline':
    `bare SQL: inbox + delivery + job per event in one statement per Kafka batch, claim with an in-flight attempt ` +
    `(SKIP LOCKED, ${SETTINGS.durableWorkers} workers), settle attempt + delivery + job in one statement; no signing`,
};

/**
 * A baseline over the same events: a fresh consumer group reads the messaging topic from the
 * beginning (the warm-up's events, then the throughput run's) and POSTs them to the same receiver.
 * Its rate is measured over the throughput run's events, like the app's. Each posts under its own
 * prefix (/baseline/hook/<i>, /durable/hook/<i>), so that deliveries of the app still under way (a
 * run it did not finish) are not counted as its own.
 */
export async function baselineRun(context: RunContext, throughput: ThroughputResult, kind: BaselineKind): Promise<DeliveryRate> {
  const { receiver, services, endpoints } = context;
  const prefix = kind === 'baseline' ? '/baseline' : '/durable';
  const topic = physicalTopicName(services.topicPrefix, EVENT_TOPICS['message.delivered']);
  console.log(
    `\n${kind} — a kafkajs consumer (fresh group) reading ${topic} from the beginning, one POST per event, keep-alive, ` +
      `up to ${SETTINGS.baselineConcurrency} in flight; ${DESCRIPTIONS[kind]}`,
  );
  if (context.backlogFrom !== null)
    console.log(`  (the app is still delivering its backlog alongside: expect the ${kind} slowed)`);
  await receiver.reset();
  const expected = throughput.warmup.paths.size + throughput.committed.paths.size;
  const started = performance.now();
  const suffix = randomBytes(4).toString('hex');
  const baseline = await startBaseline({
    brokers: services.brokers,
    topic,
    groupId: `${services.topicPrefix}bench-${prefix.slice(1)}-${suffix}`,
    receiverUrl: receiver.url,
    paths: Object.fromEntries(endpoints.map((endpoint) => [endpoint.companyId, `${prefix}${endpoint.path}`])),
    concurrency: SETTINGS.baselineConcurrency,
    durable:
      kind === 'durable baseline'
        ? { databaseUrl: services.databaseUrl, schema: `bench_durable_${suffix}`, workers: SETTINGS.durableWorkers }
        : undefined,
  });
  try {
    // From its consumer running (it may have delivered a first batch by then): CPU per delivery a little low.
    const cpu =
      kind === 'baseline'
        ? await startCpu(context, { baseline: baseline.pid }, null)
        : await startCpu(context, {}, { pid: baseline.pid, label: kind });
    const own = (path: string) => path.startsWith(prefix);
    const all = await waitForRequests(receiver, expected, SETTINGS.waitSeconds * 1000, own);
    const events = new Map([...throughput.committed.paths].map(([id, path]) => [id, `${prefix}${path}`]));
    // The no-database baseline has no inbox: Kafka's redeliveries after a rebalance show as duplicates.
    const receipts = await collectReceipts(context, kind, events, { app: false, duplicatesAllowed: kind === 'baseline' });
    const cpuLine = cpu.describe(expected);
    const rate = deliveryRate(receipts.times);
    const redelivered =
      receipts.duplicates > 0 && kind === 'baseline' ? ' (no inbox: Kafka redeliveries show here; not an error)' : '';
    console.log(
      `  delivered ${receipts.firstAt.size}${all ? '' : ` of ${throughput.committed.paths.size} (gave up after ${SETTINGS.waitSeconds} s)`}, ` +
        `duplicates ${receipts.duplicates}${redelivered}; all ${expected} in ${seconds(performance.now() - started)} from the start of its process`,
    );
    console.log(
      `  ${kind}: ${perSecond(rate.steady)} steady, ${perSecond(rate.overall)} first to last over ${seconds(rate.spanMs)}`,
    );
    console.log(`  CPU per delivery: ${cpuLine}`);
    console.log(`  ${await describeConnections(receiver)}`);
    return rate;
  } finally {
    await baseline.stop();
  }
}
