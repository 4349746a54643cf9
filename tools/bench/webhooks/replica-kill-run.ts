import { consumerGroupId } from '@suite/eventing';
import { waitForConsumerGroup } from '@suite/testing';
import { percentile } from '../bench-stats';
import type { DispatchProcess } from './dispatch-process';
import { commitPaced } from './load';
import { receiptsOf } from './receipts';
import { appIsIdle, collectReceipts, seconds, type RunContext } from './run-context';
import { SETTINGS } from './webhooks-settings';

export interface ReplicaKillResult {
  /** Delivery delay (receipt − commit) of the events committed after the kill, ms. */
  afterKill: { p50: number; p99: number; max: number; count: number };
  /** The same for the events committed before it (in flight at the kill: their attempt waits for its lease). */
  beforeKillMax: number;
  duplicates: number;
}

const PIPELINE = 'webhook-dispatch';

/**
 * Replica killed: a second replica of the app joins the first (same database, topics and consumer
 * group: two pods), events flow at SETTINGS.killRate/s for SETTINGS.killSeconds, and at
 * SETTINGS.killAtSeconds the replica that does not lead the outbox relay is SIGKILLed — so what is
 * measured is the consumer group and the delivery workers, not the relay's failover (the bench's
 * events come through the app's own outbox; in production they come from the other apps'). It is
 * started again SETTINGS.killRestartSeconds later, as Kubernetes restarts a container (0: never).
 * Delay = receipt − COMMIT of each event committed after the kill: p50/p99/max; duplicates (the
 * killed replica's attempts in flight, sent again after their lease) are counted, not errors. It runs
 * after the isolation run, so only the endpoints that never hung get events (the hanging one's
 * circuit may still be open).
 */
export async function replicaKillRun(
  context: RunContext,
  startReplica: () => Promise<DispatchProcess>,
  stops: Array<() => Promise<unknown>>,
): Promise<ReplicaKillResult | null> {
  const { receiver, writer, services } = context;
  const endpoints = context.endpoints.slice(1);
  if (!appIsIdle(context, 'replica killed')) return null;
  await receiver.behave(context.endpoints[0]!.path, 'ok');
  await receiver.release();
  console.log(
    `\nreplica killed — two replicas, ${SETTINGS.killRate} events/s to ${endpoints.length} endpoints for ${SETTINGS.killSeconds} s; ` +
      'the replica not leading the ' +
      `relay SIGKILLed at ${SETTINGS.killAtSeconds} s` +
      (SETTINGS.killRestartSeconds > 0 ? ` and started again ${SETTINGS.killRestartSeconds} s later` : ', not restarted') +
      '; delay = receipt − COMMIT',
  );
  const second = await startReplica();
  stops.unshift(() => second.server.stop());
  const group = consumerGroupId(services.topicPrefix, PIPELINE);
  await waitForConsumerGroup(services.brokers, group, { members: 2, timeoutMs: 120_000 });
  const victim = (await leadsRelay(context.app)) ? second : context.app;
  console.log(`  group ${group} stable with 2 members; killing pid ${victim.server.pid} (not the relay's leader)`);
  await receiver.reset();

  let killedAt = Number.POSITIVE_INFINITY;
  const fault = (async () => {
    await new Promise((resolve) => setTimeout(resolve, SETTINGS.killAtSeconds * 1000));
    killedAt = performance.timeOrigin + performance.now();
    process.kill(victim.server.pid, 'SIGKILL');
    if (SETTINGS.killRestartSeconds === 0) return;
    await new Promise((resolve) => setTimeout(resolve, SETTINGS.killRestartSeconds * 1000));
    const restarted = await startReplica();
    stops.unshift(() => restarted.server.stop());
    console.log(
      `  restarted as pid ${restarted.server.pid}, ready ${seconds(performance.timeOrigin + performance.now() - killedAt)} after the kill`,
    );
  })();
  const committed = await commitPaced(writer, endpoints, {
    rate: SETTINGS.killRate,
    seconds: SETTINGS.killSeconds,
    tickMs: 100,
  });
  await fault;
  // The hanging endpoint's deliveries of the isolation run go through now too: not counted.
  const keep = (path: string) => path !== context.endpoints[0]!.path;
  await waitForDistinct(context, committed.paths, keep);
  const receipts = await collectReceipts(context, 'replica killed', committed.paths, {
    keep,
    app: true,
    duplicatesAllowed: true,
  });

  const after: number[] = [];
  let beforeKillMax = Number.NEGATIVE_INFINITY;
  for (const [id, at] of receipts.firstAt) {
    const commit = committed.committedAt.get(id)!;
    if (commit >= killedAt) after.push(at - commit);
    else beforeKillMax = Math.max(beforeKillMax, at - commit);
  }
  const result: ReplicaKillResult = {
    afterKill: {
      p50: percentile(after, 50),
      p99: percentile(after, 99),
      max: after.reduce((max, value) => Math.max(max, value), Number.NEGATIVE_INFINITY),
      count: after.length,
    },
    beforeKillMax,
    duplicates: receipts.duplicates,
  };
  console.log(
    `  committed ${committed.paths.size}, delivered ${receipts.firstAt.size}, duplicates ${receipts.duplicates} ` +
      `(attempts the killed replica had in flight, sent again after their lease)`,
  );
  console.log(
    `  committed after the kill (${after.length}): delay p50 ${seconds(result.afterKill.p50)}, p99 ${seconds(result.afterKill.p99)}, ` +
      `max ${seconds(result.afterKill.max)}; committed before it: max ${seconds(beforeKillMax)}`,
  );
  console.log(`  receipts per second from the kill: ${timeline(receipts.times, killedAt)}`);
  return result;
}

/**
 * Until every event of the run arrived at least once (or SETTINGS.waitSeconds passed): here the
 * request count overshoots, since the killed replica's attempts in flight arrive twice.
 */
async function waitForDistinct(context: RunContext, events: ReadonlyMap<string, string>, keep: (path: string) => boolean) {
  const deadline = Date.now() + SETTINGS.waitSeconds * 1000;
  while (receiptsOf(await context.receiver.dump(), events, keep).firstAt.size < events.size && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Whether this replica's outbox relay is the leader (its readiness body says). */
async function leadsRelay(replica: DispatchProcess): Promise<boolean> {
  const body = (await (await fetch(`${replica.server.url}/health/ready`)).json()) as {
    details?: { events?: { relay?: { leader?: boolean } } };
  };
  return body.details?.events?.relay?.leader === true;
}

/** "−2:14 −1:15 0:9 1:0 …": receipts in each second relative to the kill, from 2 s before it. */
function timeline(times: readonly number[], killedAt: number): string {
  const counts = new Map<number, number>();
  for (const at of times) {
    const second = Math.floor((at - killedAt) / 1000);
    if (second >= -2) counts.set(second, (counts.get(second) ?? 0) + 1);
  }
  const last = Math.max(...counts.keys());
  const parts: string[] = [];
  for (let second = -2; second <= last; second++) parts.push(`${second}:${counts.get(second) ?? 0}`);
  return parts.join(' ');
}
