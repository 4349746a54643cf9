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

/**
 * The bare baseline over the same events: a fresh consumer group reads the messaging topic from the
 * beginning (the warm-up's events, then the throughput run's) and POSTs them to the same receiver.
 * Its rate is measured over the throughput run's events, like the app's. It posts to /baseline/hook/<i>,
 * so that deliveries of the app still under way (a run it did not finish) are not counted as its own.
 */
const PREFIX = '/baseline';

export async function baselineRun(context: RunContext, throughput: ThroughputResult): Promise<DeliveryRate> {
  const { receiver, services, endpoints } = context;
  const topic = physicalTopicName(services.topicPrefix, EVENT_TOPICS['message.delivered']);
  console.log(
    `\nbaseline — a kafkajs consumer (fresh group) reading ${topic} from the beginning, one POST per event, keep-alive, ` +
      `up to ${SETTINGS.baselineConcurrency} in flight; no database, no signing`,
  );
  if (context.backlogFrom !== null)
    console.log('  (the app is still delivering its backlog alongside: expect the baseline slowed)');
  await receiver.reset();
  const expected = throughput.warmup.paths.size + throughput.committed.paths.size;
  const started = performance.now();
  const baseline = await startBaseline({
    brokers: services.brokers,
    topic,
    groupId: `${services.topicPrefix}bench-baseline-${randomBytes(4).toString('hex')}`,
    receiverUrl: receiver.url,
    paths: Object.fromEntries(endpoints.map((endpoint) => [endpoint.companyId, `${PREFIX}${endpoint.path}`])),
    concurrency: SETTINGS.baselineConcurrency,
  });
  try {
    // From its consumer running (it may have delivered a first batch by then): CPU per delivery a little low.
    const cpu = await startCpu(context, { baseline: baseline.pid }, false);
    const own = (path: string) => path.startsWith(PREFIX);
    const all = await waitForRequests(receiver, expected, SETTINGS.waitSeconds * 1000, own);
    const events = new Map([...throughput.committed.paths].map(([id, path]) => [id, `${PREFIX}${path}`]));
    const receipts = await collectReceipts(context, 'baseline', events, { app: false, duplicatesAllowed: true });
    const cpuLine = cpu.describe(expected);
    const rate = deliveryRate(receipts.times);
    const redelivered = receipts.duplicates > 0 ? ' (the baseline has no inbox: Kafka redeliveries show here; not an error)' : '';
    console.log(
      `  delivered ${receipts.firstAt.size}${all ? '' : ` of ${throughput.committed.paths.size} (gave up after ${SETTINGS.waitSeconds} s)`}, ` +
        `duplicates ${receipts.duplicates}${redelivered}; all ${expected} in ${seconds(performance.now() - started)} from the start of its process`,
    );
    console.log(
      `  baseline: ${perSecond(rate.steady)} steady, ${perSecond(rate.overall)} first to last over ${seconds(rate.spanMs)}`,
    );
    console.log(`  CPU per delivery: ${cpuLine}`);
    console.log(`  ${await describeConnections(receiver)}`);
    return rate;
  } finally {
    await baseline.stop();
  }
}
