import net from 'node:net';
import { Kafka, logLevel, Partitioners, type Admin } from 'kafkajs';
import { findExecutable, findJava } from '../util/find-executable';
import { KafkaBroker } from './kafka-broker';
import { kafkaJarsCached } from './kafka-jars';
import { parseBrokerList } from './provide-kafka';
import { uniqueTopicPrefix } from './topic-prefix';

jest.setTimeout(60_000);

function kafkaClient(brokers: string[]): Kafka {
  return new Kafka({
    clientId: 'testing-lib-spec',
    brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 5, initialRetryTime: 200 },
  });
}

/** Runs `work` with a connected admin client, disconnected afterwards. */
async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

async function createTopic(kafka: Kafka, topic: string): Promise<void> {
  await withAdmin(kafka, (admin) => admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true }));
}

async function produce(kafka: Kafka, topic: string, value: string): Promise<void> {
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  try {
    await producer.send({ topic, messages: [{ key: 'k', value }] });
  } finally {
    await producer.disconnect();
  }
}

async function consumeFirst(kafka: Kafka, topic: string, groupId: string): Promise<string> {
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message on ${topic} within 20 s`)), 20_000);
      consumer
        .run({
          eachMessage: async ({ message }) => {
            clearTimeout(timer);
            resolve(message.value?.toString() ?? '');
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('shared broker from global setup (KAFKA_BROKERS)', () => {
  it('produces and consumes a message', async () => {
    const brokers = parseBrokerList(process.env.KAFKA_BROKERS);
    expect(brokers.length).toBeGreaterThan(0);
    const kafka = kafkaClient(brokers);
    const topic = `${uniqueTopicPrefix('shared')}ping`;
    await createTopic(kafka, topic);

    await produce(kafka, topic, 'hello');
    expect(await consumeFirst(kafka, topic, `${topic}-group`)).toBe('hello');
  });
});

// An own broker needs a JVM and the jars (normally cached by global setup's Maven broker).
const canRunOwnBroker = !!findJava() && (!!findExecutable('mvn') || kafkaJarsCached());

(canRunOwnBroker ? describe : describe.skip)('KafkaBroker stop/restart', () => {
  let broker: KafkaBroker | undefined;
  afterAll(async () => {
    await broker?.destroy();
  });

  it('keeps topics and messages across stop() and restart(), refusing connections while stopped', async () => {
    broker = await KafkaBroker.start();
    const [port] = [broker.port];
    const topic = `${uniqueTopicPrefix('restart')}kept`;

    let kafka = kafkaClient(broker.brokers);
    await createTopic(kafka, topic);
    await produce(kafka, topic, 'before-stop');

    await broker.stop();
    expect(broker.isRunning).toBe(false);
    expect(await connectionRefused(port)).toBe(true);

    await broker.restart();
    expect(broker.brokers).toEqual([`127.0.0.1:${port}`]);

    kafka = kafkaClient(broker.brokers);
    expect(await withAdmin(kafka, (admin) => admin.listTopics())).toContain(topic);
    expect(await consumeFirst(kafka, topic, `${topic}-group`)).toBe('before-stop');
  });
});
