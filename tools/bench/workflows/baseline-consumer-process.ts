/**
 * The bare baseline of `npm run bench:workflows`, its own process (forked by baseline-consumer.ts):
 * a kafkajs consumer (one group) reading the contact events the bench publishes to the baseline's
 * topic, and pg, doing the writes the workflow's runs make without the framework, on the baseline's
 * own copies of the tables (baseline-schema.ts). Per batch of a partition, up to
 * BASELINE_TRANSACTION_SIZE events in one transaction (as the platform's consumer groups them):
 * for each event a run row (waiting at the tag step), the text's `workflow_step.sms_requested`
 * outbox row and the step rows of the text and the wait. The wait is an in-memory timer of that
 * chunk (lost on a crash: what the platform's job rows buy), after which one transaction per chunk,
 * for each run: the contact tagged, the wait's step row completed, the tag's step row, the run
 * completed. No inbox, jobs, locks, graph, template engine, events of the contact or of the run.
 *
 * Env: BASELINE_DATABASE_URL, BASELINE_SCHEMA, BASELINE_POOL_SIZE, BASELINE_BROKERS, BASELINE_TOPIC,
 * BASELINE_GROUP, BASELINE_WORKFLOW_ID, BASELINE_TAG, BASELINE_WAIT_MS, BASELINE_TRANSACTION_SIZE,
 * BASELINE_PARTITIONS_CONCURRENTLY. Says 'ready' over IPC once consuming; stops when the parent
 * disconnects. An error ends it with code 1 (the bench reports it).
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { Pool } from 'pg';
import { EVENT_TOPICS } from '@suite/contracts';
import { inTransaction } from '../pg-transaction';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`baseline-consumer-process: ${name} is required`);
  return value;
};
const schema = env('BASELINE_SCHEMA');
const workflowId = env('BASELINE_WORKFLOW_ID');
const tag = env('BASELINE_TAG');
const waitMs = Number(env('BASELINE_WAIT_MS'));
const transactionSize = Number(env('BASELINE_TRANSACTION_SIZE'));
const pool = new Pool({ connectionString: env('BASELINE_DATABASE_URL'), max: Number(env('BASELINE_POOL_SIZE')) });
const SMS_TOPIC = EVENT_TOPICS['workflow_step.sms_requested'];

interface ContactCreated {
  id: string;
  company_id: string;
  data: { id: string; first_name: string; phone: string };
}

interface StartedRun {
  runId: string;
  companyId: string;
  contactId: string;
}

function fail(error: unknown): never {
  console.error(`baseline failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}

/** The run, the text's request and the first two steps' rows, for each event of a chunk. */
function start(events: readonly ContactCreated[]): Promise<StartedRun[]> {
  return inTransaction(pool, 'BEGIN', async (client) => {
    const started: StartedRun[] = [];
    for (const event of events) {
      const now = new Date();
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO ${schema}.workflow_runs
           (company_id, workflow_id, version, contact_id, trigger_type, trigger_event_id, status, cursor, next_step, wake_at)
         VALUES ($1, $2, 1, $3, 'contact_created', $4, 'waiting', 'tag', 3, $5) RETURNING id`,
        [event.company_id, workflowId, event.data.id, event.id, new Date(now.getTime() + waitMs)],
      );
      const runId = rows[0]!.id;
      const messageId = randomUUID();
      const envelope = {
        id: randomUUID(),
        type: 'workflow_step.sms_requested',
        version: 1,
        occurred_at: now.toISOString(),
        company_id: event.company_id,
        subject: runId,
        data: { run_id: runId, step: 1, message_id: messageId, to: event.data.phone, body: `Hi ${event.data.first_name}` },
        traceparent: null,
      };
      await client.query(`INSERT INTO ${schema}.outbox (id, topic, type, subject, envelope) VALUES ($1, $2, $3, $4, $5)`, [
        envelope.id,
        SMS_TOPIC,
        envelope.type,
        runId,
        JSON.stringify(envelope),
      ]);
      await client.query(
        `INSERT INTO ${schema}.workflow_run_steps (run_id, step, node_id, type, status, detail, started_at, finished_at)
         VALUES ($1, 1, 'sms', 'send_sms', 'completed', $2, $3, $3), ($1, 2, 'w', 'wait', 'waiting', $4, $3, NULL)`,
        [runId, { message_id: messageId, to: event.data.phone }, now, { until: new Date(now.getTime() + waitMs).toISOString() }],
      );
      started.push({ runId, companyId: event.company_id, contactId: event.data.id });
    }
    return started;
  });
}

/** After the wait: the contact tagged, the wait's step done, the tag's step, the run completed. */
function complete(runs: readonly StartedRun[]): Promise<void> {
  return inTransaction(pool, 'BEGIN', async (client) => {
    for (const run of runs) {
      const now = new Date();
      await client.query(
        `UPDATE ${schema}.contacts SET tags = array_append(tags, $3), updated_at = $4
          WHERE id = $1 AND company_id = $2 AND NOT ($3 = ANY(tags))`,
        [run.contactId, run.companyId, tag, now],
      );
      await client.query(
        `UPDATE ${schema}.workflow_run_steps SET status = 'completed', finished_at = $2 WHERE run_id = $1 AND step = 2`,
        [run.runId, now],
      );
      await client.query(
        `INSERT INTO ${schema}.workflow_run_steps (run_id, step, node_id, type, status, detail, started_at, finished_at)
         VALUES ($1, 3, 'tag', 'add_tag', 'completed', $2, $3, $3)`,
        [run.runId, { tag, changed: true }, now],
      );
      await client.query(
        `UPDATE ${schema}.workflow_runs SET status = 'completed', cursor = NULL, wake_at = NULL, finished_at = $2, updated_at = $2
          WHERE id = $1`,
        [run.runId, now],
      );
    }
  });
}

const decode = (message: KafkaMessage): ContactCreated | null => {
  const event = message.value ? (JSON.parse(message.value.toString('utf8')) as ContactCreated & { type: string }) : null;
  return event?.type === 'crm_contact.created' ? event : null;
};

async function main(): Promise<void> {
  const kafka = new Kafka({
    clientId: 'bench-workflows-baseline',
    brokers: env('BASELINE_BROKERS').split(','),
    logLevel: logLevel.ERROR,
  });
  const consumer = kafka.consumer({ groupId: env('BASELINE_GROUP'), maxWaitTimeInMs: 250 });
  await consumer.connect();
  await consumer.subscribe({ topic: env('BASELINE_TOPIC'), fromBeginning: true });
  await consumer.run({
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: Number(env('BASELINE_PARTITIONS_CONCURRENTLY')),
    eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
      for (let first = 0; first < batch.messages.length; first += transactionSize) {
        const messages = batch.messages.slice(first, first + transactionSize);
        const events = messages.map(decode).filter((event): event is ContactCreated => event !== null);
        const started = await start(events);
        setTimeout(() => complete(started).catch(fail), waitMs);
        resolveOffset(messages[messages.length - 1]!.offset);
        await heartbeat();
      }
    },
  });
  process.send!({ kind: 'ready' });
  process.on('disconnect', () => {
    void consumer
      .disconnect()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}

main().catch(fail);
