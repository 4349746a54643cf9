import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@suite/contracts';
import { bootTestApp, createTestDatabase, harnessEnvironment, uniqueTopicPrefix, type ProviderOverride } from '@suite/testing';
import { createMessagingApp, loadMessagingEnvironment } from '../messaging.app';
import { readKafkaEvents, type KafkaEventReader } from './kafka-event-reader';
import { INTERNAL_TOKEN, newWorkspace, seedWorkspaces, type TestWorkspace } from './test-workspaces';

/**
 * The release scheduler at test speed: short ticks, timeouts and retry backoff, so a spec sees
 * messages handed over in milliseconds. `off` keeps those settings but does not run the loop, for
 * specs that move messages through their statuses by hand or call its claimer themselves (a
 * running scheduler would race them inside the send window).
 */
export type TestScheduler = 'fast' | 'off';

const FAST_SCHEDULER = {
  MESSAGING_SCHEDULER_TICK_MS: '20',
  MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: '2000',
  MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: '5000',
  MESSAGING_SCHEDULER_RETRY_BASE_MS: '10',
  MESSAGING_SCHEDULER_RETRY_MAX_MS: '50',
};
const SCHEDULER_ENV: Record<TestScheduler, Record<string, string>> = {
  fast: FAST_SCHEDULER,
  off: { ...FAST_SCHEDULER, MESSAGING_SCHEDULER_ENABLED: 'false' },
};

export interface BootOptions {
  /** The scheduler at test speed (the default) or off. */
  scheduler?: TestScheduler;
  /** Environment variables over the harness's (which are over process.env). */
  env?: Record<string, string>;
  /**
   * Providers replaced by token (decision 0057): `{ provide: CLOCK, useValue: clock }` instead of the
   * system clock, `{ provide: CARRIER, useValue: carrier }` instead of MESSAGING_CARRIER's adapter.
   */
  overrides?: readonly ProviderOverride[];
}

/**
 * The one way a messaging spec boots the app: on `databaseUrl` under `topicPrefix` (one partition a
 * topic), silent, on a free port, with INTERNAL_TOKEN as its internal API token. Several calls on
 * the same database and prefix are replicas of one deployment.
 */
export async function bootMessagingApp(
  databaseUrl: string,
  topicPrefix: string,
  { scheduler = 'fast', env = {}, overrides = [] }: BootOptions = {},
): Promise<INestApplication> {
  const environment = loadMessagingEnvironment({
    ...process.env,
    ...harnessEnvironment(databaseUrl, topicPrefix),
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    ...SCHEDULER_ENV[scheduler],
    ...env,
  });
  return bootTestApp(createMessagingApp, environment, overrides);
}

export interface MessagingTestAppOptions extends BootOptions {
  /** Names the spec's database and topic prefix. */
  name: string;
  /** This many bare workspaces (an API key each, no sender numbers), or these (see newWorkspace). */
  workspaces?: number | readonly TestWorkspace[];
  /** Logical topics to read into `events` (from the beginning). */
  topics?: readonly string[];
}

/** `Data`: what the spec reads the events' `data` as (the topics' payload type; unknown by default). */
export interface MessagingTestApp<Data = unknown> {
  readonly app: INestApplication;
  readonly db: DataSource;
  readonly workspaces: TestWorkspace[];
  readonly internalToken: string;
  /** The reader of `topics`: its events, and `waitFor` to wait for some. */
  readonly kafka: KafkaEventReader<Data>;
  /** Every event read so far from the subscribed topics, in arrival order (`kafka.events`). */
  readonly events: Array<EventEnvelope<string, Data>>;
  close(): Promise<void>;
}

/**
 * Messaging on real PostgreSQL and Kafka for an integration spec: a fresh database and topic
 * prefix, the app booted by `bootMessagingApp`, the workspaces seeded the production way
 * (`company.created` and `credential.issued` through the outbox, Kafka and the replica handlers;
 * sender numbers and settings through the internal API), and a Kafka reader of `topics`.
 *
 *   const suite = await startMessagingTestApp({
 *     name: 'messaging-x', scheduler: 'off', workspaces: [newWorkspace([N1])], topics: [Topics.messagingMessage],
 *   });
 *   await request(suite.app.getHttpServer()).post('/v1/messages').set('x-api-key', suite.workspaces[0]!.apiKey)…
 *   await suite.kafka.waitFor((event) => event.subject === id, { what: 'message.queued' });
 */
export async function startMessagingTestApp<Data = unknown>(options: MessagingTestAppOptions): Promise<MessagingTestApp<Data>> {
  const topicPrefix = uniqueTopicPrefix(options.name);
  const database = await createTestDatabase(options.name.replace(/-/g, '_'));
  const workspaces =
    typeof options.workspaces === 'number'
      ? Array.from({ length: options.workspaces }, () => newWorkspace())
      : [...(options.workspaces ?? [])];
  let app: INestApplication | undefined;
  let kafka: KafkaEventReader<Data>;
  try {
    app = await bootMessagingApp(database.url, topicPrefix, options);
    await seedWorkspaces(app, workspaces);
    kafka = await readKafkaEvents<Data>({ topicPrefix, topics: options.topics ?? [] });
  } catch (error) {
    // A spec whose beforeAll failed never gets a handle to close: leave nothing running behind it.
    await app?.close().catch(() => undefined);
    await database.drop().catch(() => undefined);
    throw error;
  }
  return {
    app,
    db: app.get(DataSource),
    workspaces,
    internalToken: INTERNAL_TOKEN,
    kafka,
    events: kafka.events,
    async close() {
      await kafka.close();
      await app.close();
      await database.drop();
    },
  };
}
