import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { generateOpaqueCredential } from '@suite/contracts';
import { bootMessagingApp, feedAnotherApiKey, INTERNAL_TOKEN, newPhone, newWorkspace, seedWorkspaces } from './testing';

/**
 * Rate limits per API key and per workspace (decision 0045) on two replicas of messaging sharing
 * one database, as two pods do: a burst over the send budget gets 429s with the RateLimit fields
 * and Retry-After in messaging's error body, whichever replica answers, while another workspace's
 * sends and the same key's reads go on; probes, metrics, documents, callbacks, the sandbox
 * inbound and the internal routes are never limited.
 */
const LIMITS = {
  RATE_LIMIT_SEND_PER_MINUTE: '2',
  RATE_LIMIT_SEND_COMPANY_PER_MINUTE: '3',
  RATE_LIMIT_READ_PER_MINUTE: '100',
  RATE_LIMIT_READ_COMPANY_PER_MINUTE: '100',
};
const FIELDS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'];

const busy = newWorkspace(['+14155550141']);
const busySecondKey = generateOpaqueCredential('api_key');
const quiet = newWorkspace(['+14155550142']);

let database: TestDatabase;
let replicas: INestApplication[];

beforeAll(async () => {
  database = await createTestDatabase('messaging_rate_limits');
  const prefix = uniqueTopicPrefix('messaging-rate-limits');
  replicas = [
    await bootMessagingApp(database.url, prefix, { scheduler: 'off', env: LIMITS }),
    await bootMessagingApp(database.url, prefix, { scheduler: 'off', env: LIMITS }),
  ];
  await seedWorkspaces(replicas[0]!, [busy, quiet]);
  await feedAnotherApiKey(replicas[0]!, busy.companyId, busySecondKey);
}, 120_000);

afterAll(async () => {
  for (const app of replicas ?? []) await app.close();
  await database?.drop();
});

const send = (replica: number, key: string) =>
  request(replicas[replica]!.getHttpServer()).post('/v1/messages').set('x-api-key', key).send({ to: newPhone(), message: 'Hi' });

it('takes one key past its send budget across both replicas: 429 in the error body, with the fields and Retry-After', async () => {
  const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => send(index % 2, busy.apiKey)));
  const admitted = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(admitted).toHaveLength(2);
  expect(refused).toHaveLength(4);
  for (const answer of answers) {
    for (const field of FIELDS) expect(answer.headers[field]).toBeDefined();
    expect(answer.headers['ratelimit-policy']).toBe('2;w=60, 3;w=60');
  }
  for (const answer of refused) {
    expect(answer.body).toEqual({
      error: expect.stringMatching(
        /^Too many send requests: the budget of this credential or of its company is spent; retry in \d+ seconds?\.$/,
      ),
    });
    expect(answer.headers['ratelimit-remaining']).toBe('0');
    expect(answer.headers['ratelimit-limit']).toBe('2');
    // Two a minute: the next token in at most 30 s.
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(30);
  }
  // Both replicas spent from the one bucket, in the shared table.
  const rows: Array<{ key: string; tokens: number }> = await replicas[0]!
    .get(DataSource)
    .query(`SELECT key, tokens FROM messaging.rate_limit_buckets WHERE key LIKE 'send:%' ORDER BY key`);
  expect(rows.map((row) => row.key)).toEqual([expect.stringMatching(/^send:api_key:/), `send:company:${busy.companyId}`]);
  expect(rows[0]!.tokens).toBeLessThan(1);
});

it("leaves the workspace's second key only the company's remainder, and another workspace its whole budget", async () => {
  // The busy company spent 2 of its 3. A replica may still hold the third, leased for the burst and
  // unused: it gives it back within a second (idle leases go back to the shared bucket).
  await eventually(
    async () =>
      (await replicas[0]!
        .get(DataSource)
        .query(`SELECT tokens FROM messaging.rate_limit_buckets WHERE key = $1`, [`send:company:${busy.companyId}`])) as Array<{
        tokens: number;
      }>,
    (rows) => rows[0]!.tokens >= 1,
    { what: 'the unused company token back in the shared bucket' },
  );
  const second = [await send(0, busySecondKey), await send(1, busySecondKey)];
  expect(second.map((answer) => answer.status)).toEqual([200, 429]);
  expect(second[1]!.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });

  const other = [];
  for (let index = 0; index < 3; index++) other.push(await send(index % 2, quiet.apiKey));
  expect(other.map((answer) => answer.status)).toEqual([200, 200, 429]);
  expect(other.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['1', '0', '0']);
});

it("counts reads apart from sends: the spent key still reads, with the read budget's fields", async () => {
  const list = await request(replicas[1]!.getHttpServer()).get('/v1/messages/list').set('x-api-key', busy.apiKey);
  expect(list.status).toBe(200);
  expect(list.headers['ratelimit-limit']).toBe('100');
  expect(list.headers['ratelimit-policy']).toBe('100;w=60, 100;w=60');
});

it('never limits probes, metrics, documents, carrier callbacks, the sandbox inbound or the internal routes', async () => {
  const http = () => request(replicas[0]!.getHttpServer());
  const answers = [
    await http().get('/health/ready'),
    await http().get('/metrics'),
    await http().get('/docs-json'),
    await http().post('/v1/carrier/callbacks/sandbox').set('content-type', 'application/json').send('{}'),
    await http()
      .post('/v1/sandbox/inbound')
      .set('x-api-key', busy.apiKey)
      .send({ from: newPhone(), to: '+14155550141', body: 'Hello' }),
    await http().get(`/internal/workspaces/${busy.companyId}/settings`).set('x-internal-token', INTERNAL_TOKEN),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401, 200, 200]);
  for (const answer of answers) for (const field of FIELDS) expect(answer.headers[field]).toBeUndefined();
});
