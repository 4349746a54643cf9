import type { Admin } from 'kafkajs';

export interface TopicSettings {
  partitions: number;
  replicationFactor: number;
}

/**
 * Creates the missing topics. Apps race to create the same topics at start; kafkajs reports
 * "already exists" as `false`, which is success here. Existing topics are left as they are
 * (changing partition counts would reshuffle keys: an operator's decision).
 */
export async function ensureTopics(admin: Admin, names: readonly string[], settings: TopicSettings): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  const missing = [...new Set(names)].filter((name) => !existing.has(name));
  if (missing.length === 0) return [];
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({
      topic,
      numPartitions: settings.partitions,
      replicationFactor: settings.replicationFactor,
    })),
  });
  return missing;
}
