import { Kafka, logLevel } from 'kafkajs';
import { sleep } from '../util/sleep';

/**
 * Resolves once the consumer group `groupId` is Stable with `members` members, each assigned at least
 * one partition — when replicas started one after another have finished rebalancing, so a fault
 * injected next hits a settled group. Rejects after `timeoutMs` with the last state seen.
 */
export async function waitForConsumerGroup(
  brokers: readonly string[],
  groupId: string,
  { members, timeoutMs = 60_000 }: { members: number; timeoutMs?: number },
): Promise<void> {
  const admin = new Kafka({ clientId: 'test-group-watch', brokers: [...brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const deadline = Date.now() + timeoutMs;
  let last = 'not described yet';
  try {
    for (;;) {
      const { groups } = await admin.describeGroups([groupId]);
      const group = groups[0];
      const assigned = (group?.members ?? []).filter((member) => member.memberAssignment.length > 0).length;
      last = `${group?.state ?? 'unknown'}, ${group?.members.length ?? 0} members, ${assigned} with partitions`;
      if (group?.state === 'Stable' && group.members.length === members && assigned === members) return;
      if (Date.now() > deadline)
        throw new Error(`consumer group ${groupId} not stable with ${members} members after ${timeoutMs} ms (${last})`);
      await sleep(250);
    }
  } finally {
    await admin.disconnect();
  }
}
