/**
 * The bare baseline of `npm run bench:webhooks`, its own process (forked by baseline.ts): a kafkajs
 * consumer with a fresh group reading the messaging topic the app consumed from the beginning, and
 * for each `message.delivered` one POST of the event's JSON to its company's receiver path, with
 * `webhook-id` = the event id, over a keep-alive agent, up to BASELINE_CONCURRENCY requests of a
 * batch in flight. No database, inbox, delivery rows, jobs, signing or retries: the distance to it is
 * what the product's delivery pipeline costs.
 *
 * Env: BASELINE_BROKERS, BASELINE_TOPIC, BASELINE_GROUP, BASELINE_RECEIVER_URL, BASELINE_PATHS (JSON
 * company id → path), BASELINE_CONCURRENCY. Says 'ready' over IPC once consuming; stops when the
 * parent disconnects, after reporting its failed requests.
 */
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { BaselinePoster, baselinePathOf } from './baseline-poster';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`baseline-process: ${name} is required`);
  return value;
};
const paths = JSON.parse(env('BASELINE_PATHS')) as Record<string, string>;
const concurrency = Number(env('BASELINE_CONCURRENCY'));
const poster = new BaselinePoster(new URL(env('BASELINE_RECEIVER_URL')), concurrency);

async function deliver(message: KafkaMessage): Promise<void> {
  const delivery = baselinePathOf(message.value, paths);
  if (delivery) await poster.post(delivery.path, delivery.id, delivery.body);
}

async function main(): Promise<void> {
  const kafka = new Kafka({
    clientId: 'bench-webhooks-baseline',
    brokers: env('BASELINE_BROKERS').split(','),
    logLevel: logLevel.ERROR,
  });
  const consumer = kafka.consumer({ groupId: env('BASELINE_GROUP') });
  // Joins after the first are rebalances, after which Kafka hands out again what was not committed.
  let joins = 0;
  consumer.on(consumer.events.GROUP_JOIN, () => joins++);
  await consumer.connect();
  await consumer.subscribe({ topic: env('BASELINE_TOPIC'), fromBeginning: true });
  await consumer.run({
    eachBatch: async ({ batch, heartbeat }) => {
      let next = 0;
      const worker = async () => {
        while (next < batch.messages.length) await deliver(batch.messages[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.messages.length) }, worker));
      await heartbeat();
    },
  });
  process.send!({ kind: 'ready' });
  process.on('disconnect', () => {
    if (poster.failures > 0) console.error(`baseline: ${poster.failures} failed requests, the last: ${poster.lastFailure}`);
    if (joins > 1) console.error(`baseline: joined its consumer group ${joins} times (rebalances)`);
    consumer.disconnect().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(`baseline failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
