import { randomBytes } from 'node:crypto';

/**
 * A topic-name prefix unique to one test file, e.g. `t-outbox-1a2b3c4d.`, to pass to an app
 * as KAFKA_TOPIC_PREFIX so files sharing one broker never see each other's topics.
 * The label is reduced to characters legal in topic names and kept short (topic names
 * max out at 249 chars and the prefix is prepended to every topic).
 */
export function uniqueTopicPrefix(label?: string): string {
  const suffix = randomBytes(4).toString('hex');
  const cleanLabel = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return cleanLabel ? `t-${cleanLabel}-${suffix}.` : `t-${suffix}.`;
}
