import { commitBurst } from './load';
import { deliveryRate, type DeliveryRate } from './receipts';
import { appIsIdle, collectReceipts, perSecond, seconds, startCpu, waitForRequests, type RunContext } from './run-context';
import { SETTINGS } from './webhooks-settings';

/**
 * Isolation: the first endpoint never answers (the app waits out WEBHOOKS_TIMEOUT_MS per attempt);
 * SETTINGS.events committed again, the others' deliveries/s measured. Only the others are waited
 * for; the hanging endpoint's deliveries are left to the app's stop.
 */
export async function isolationRun(context: RunContext): Promise<DeliveryRate | null> {
  const { receiver, writer, endpoints } = context;
  const hanging = endpoints[0]!.path;
  const keep = (path: string) => path !== hanging;
  if (!appIsIdle(context, 'isolation')) return null;
  console.log(
    `\nisolation — ${hanging} never answers (WEBHOOKS_TIMEOUT_MS ${context.app.timeoutMs}); ${SETTINGS.events} events again, ` +
      `the other ${endpoints.length - 1} endpoints measured`,
  );
  await receiver.behave(hanging, 'hang');
  await receiver.reset();
  const cpu = await startCpu(context);
  const committed = await commitBurst(writer, endpoints, SETTINGS.events, SETTINGS.batch);
  const expected = [...committed.paths.values()].filter(keep).length;
  const all = await waitForRequests(receiver, expected, SETTINGS.waitSeconds * 1000, keep);
  const receipts = await collectReceipts(context, 'isolation', committed.paths, { keep, app: true });
  const cpuLine = cpu.describe(receipts.firstAt.size);
  const hung = (await receiver.counts()).byPath[hanging] ?? 0;
  const rate = deliveryRate(receipts.times);
  console.log(
    `  delivered ${receipts.firstAt.size} of ${expected} to the others${all ? '' : ` (gave up after ${SETTINGS.waitSeconds} s)`}, ` +
      `duplicates ${receipts.duplicates}; ${hanging} received ${hung} requests (left hanging)`,
  );
  console.log(
    `  others: ${perSecond(rate.steady)} steady, ${perSecond(rate.overall)} first to last over ${seconds(rate.spanMs)}`,
  );
  console.log(`  CPU per delivery (to the others): ${cpuLine}`);
  return rate;
}
