import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { credentialDigest, generateOpaqueCredential } from '@suite/contracts';
import { eventingEntities, EventingRuntime, newEvent, silentEventingLogger } from '@suite/eventing';
import { credentialIssued } from '@suite/auth-app';

export interface SeededWorkspace {
  companyId: string;
  apiKey: string;
  senderNumbers: string[];
}

/** Fictional 555-01xx numbers of the sender pool. */
const SENDER_NUMBERS = ['+14155550101', '+14155550102', '+14155550103'];

/**
 * Creates a workspace for the app the production way: `company.created` and `credential.issued`
 * go out through an outbox and Kafka, as the platform's and auth's would, and reach messaging's
 * replica consumers; the sender pool is filled through the app's internal API. Resolves once the
 * API key is accepted.
 */
export async function seedWorkspace(options: {
  appUrl: string;
  databaseUrl: string;
  brokers: string[];
  topicPrefix: string;
  internalToken: string;
  timeoutMs: number;
  /** The sender pool; three fictional 555-01xx numbers unless given. */
  senderNumbers?: readonly string[];
}): Promise<SeededWorkspace> {
  const senderNumbers = [...(options.senderNumbers ?? SENDER_NUMBERS)];
  const companyId = String(800_000_000 + Math.floor(Math.random() * 1_000_000));
  const apiKey = generateOpaqueCredential('api_key');
  const credentialId = `bench-key-${randomBytes(4).toString('hex')}`;
  const schema = 'bench_identity';
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    schema,
    entities: [...eventingEntities],
    extra: { max: 2 },
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  // Benchmark only: this stand-in for the producing apps gets its outbox without migrations.
  await dataSource.synchronize();
  const producer = new EventingRuntime({
    appName: 'bench-identity',
    schema,
    dataSource,
    kafka: { brokers: options.brokers, topicPrefix: options.topicPrefix },
    logger: silentEventingLogger,
    handlers: [],
  });
  try {
    await producer.start();
    await producer.ready();
    await dataSource.transaction((manager) =>
      producer.outbox.append(manager, [
        newEvent('company.created', {
          companyId,
          subject: companyId,
          data: { id: companyId, name: 'Bench workspace', parent_company_id: null },
        }),
        credentialIssued({
          id: credentialId,
          kind: 'api_key',
          companyId,
          userId: null,
          name: 'bench',
          digest: credentialDigest(apiKey),
          scopes: [],
          expiresAt: null,
          createdAt: new Date(),
        }),
      ]),
    );
    const deadline = Date.now() + options.timeoutMs;
    // 404 until company.created has reached the company replica.
    for (const number of senderNumbers) {
      await until(deadline, `sender number ${number} to be added (company replica)`, async () => {
        const response = await fetch(`${options.appUrl}/internal/workspaces/${companyId}/sender-numbers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-internal-token': options.internalToken },
          body: JSON.stringify({ number }),
        });
        return response.status === 201;
      });
    }
    await until(deadline, 'the API key to be accepted (credential replica)', async () => {
      const response = await fetch(`${options.appUrl}/v1/messages/list?limit=1`, { headers: { 'x-api-key': apiKey } });
      return response.status === 200;
    });
    return { companyId, apiKey, senderNumbers };
  } finally {
    await producer.stop().catch(() => undefined);
    await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
  }
}

async function until(deadline: number, what: string, check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
