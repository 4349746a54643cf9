import { SETTINGS } from './webhooks-settings';
import { commitBurst, type Committed } from './load';
import { deliveryRate, receiptsOf, type DeliveryRate } from './receipts';
import {
  collectReceipts,
  describeConnections,
  perSecond,
  seconds,
  startCpu,
  waitForRequests,
  type RunContext,
} from './run-context';

export interface ThroughputResult {
  rate: DeliveryRate;
  /** The rate of the endpoints other than the first (the isolation run's reference). */
  othersRate: DeliveryRate;
  warmup: Committed;
  committed: Committed;
}

/**
 * Sustained throughput: a warm-up, then SETTINGS.events committed through the outbox as fast as
 * one connection goes (SETTINGS.batch per transaction), deliveries/s measured at the receiver.
 */
export async function throughputRun(context: RunContext): Promise<ThroughputResult> {
  const { receiver, writer, endpoints } = context;
  const waitMs = SETTINGS.waitSeconds * 1000;
  console.log(
    `\nsustained throughput — ${SETTINGS.events} events, ${SETTINGS.batch} per transaction, after ${SETTINGS.warmupEvents} to warm up`,
  );
  await receiver.reset();
  const warmup = await commitBurst(writer, endpoints, SETTINGS.warmupEvents, SETTINGS.batch);
  await waitForRequests(receiver, SETTINGS.warmupEvents, waitMs);
  await collectReceipts(context, 'warm-up', warmup.paths, { app: true });

  await receiver.reset();
  const cpu = await startCpu(context);
  const committed = await commitBurst(writer, endpoints, SETTINGS.events, SETTINGS.batch);
  const all = await waitForRequests(receiver, SETTINGS.events, waitMs);
  const receipts = await collectReceipts(context, 'sustained throughput', committed.paths, { app: true });
  const cpuLine = cpu.describe(receipts.firstAt.size);
  const rate = deliveryRate(receipts.times);
  const first = endpoints[0]!.path;
  const others = receiptsOf(await receiver.dump(), committed.paths, (path) => path !== first);
  const othersRate = deliveryRate(others.times);
  console.log(
    `  committed ${committed.paths.size} in ${seconds(committed.durationMs)} (${perSecond((committed.paths.size * 1000) / committed.durationMs)}); ` +
      `delivered ${receipts.firstAt.size}${all ? '' : ` of ${SETTINGS.events} (gave up after ${SETTINGS.waitSeconds} s)`}, ` +
      `duplicates ${receipts.duplicates}`,
  );
  console.log(
    `  app: ${perSecond(rate.steady)} steady (10–90 % of receipts), ${perSecond(rate.overall)} first to last receipt over ${seconds(rate.spanMs)}; ` +
      `endpoints 1–${endpoints.length - 1}: ${perSecond(othersRate.steady)}`,
  );
  console.log(`  CPU per delivery: ${cpuLine}`);
  console.log(`  ${await describeConnections(receiver)}`);
  return { rate, othersRate, warmup, committed };
}
