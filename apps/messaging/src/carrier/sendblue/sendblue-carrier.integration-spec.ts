import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually, SendblueFake, type TestDatabase } from '@suite/testing';
import { MessageHandOffEntity } from '../../hand-offs/message-hand-off.entity';
import { MessageEntity } from '../../messages/message.entity';
import { bootMessagingApp, newPhone } from '../../testing';
import { bootCarrierSpecApp, CarrierSpecClient } from '../../testing/carrier-spec-client';

/**
 * MESSAGING_CARRIER=sendblue against SendblueFake (libs/testing: Sendblue's API as its SDK's types
 * and documented payloads describe it, refusing what they do not allow), real PostgreSQL and Kafka.
 * The fake's webhooks are posted to the running app as Sendblue posts them: JSON to the status
 * callback URL the adapter gave (with its token and our message id), sb-signing-secret in a header.
 */
jest.setTimeout(120_000);

const PUBLIC_URL = 'https://messaging.example.test';
const LINE = '+14155550177';
const SECRETS = { apiKeyId: 'key-id-0001', apiSecret: 'api-secret-0001', signingSecret: 'signing-secret-0001' };
const TOKEN = 'T'.repeat(40);

let fake: SendblueFake;
let database: TestDatabase;
let topicPrefix: string;
let app: INestApplication;
/** Recipients evaluate-service calls SMS-only; the rest are iMessage. */
const smsOnly = new Set<string>();

function env(): Record<string, string> {
  return {
    MESSAGING_CARRIER: 'sendblue',
    MESSAGING_PUBLIC_URL: PUBLIC_URL,
    SENDBLUE_API_KEY_ID: SECRETS.apiKeyId,
    SENDBLUE_API_SECRET: SECRETS.apiSecret,
    SENDBLUE_SIGNING_SECRET: SECRETS.signingSecret,
    SENDBLUE_API_URL: fake.url,
    SENDBLUE_CALLBACK_TOKEN: TOKEN,
    // Room for a provider that answers late (the receipt that overtakes its hand-off).
    MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: '8000',
    MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: '20000',
    // Retries slow enough that an ambiguous hand-off is still being looked up when the test restarts the app.
    MESSAGING_SCHEDULER_RETRY_BASE_MS: '500',
    MESSAGING_SCHEDULER_RETRY_MAX_MS: '2000',
  };
}

let client: CarrierSpecClient;
const http = () => client.http();
const asWorkspace = (test: request.Test) => client.asWorkspace(test);
const row = (id: string) => client.row(id);
const handOffs = (id: string) => client.handOffs(id);
const send = (to: string, body: Record<string, unknown> = {}) => client.send(to, body);
const settled = (id: string, statuses: string[]) => client.settled(id, statuses);

const sendsTo = (to: string) =>
  fake.requests.filter(
    (recorded) => recorded.pathname === '/api/send-message' && (recorded.body as { number?: string })?.number === to,
  );
const messageTo = (to: string) => fake.messages.find((message) => message.number === to)!;

/** Posts one of the fake's webhooks to the app, as Sendblue posts it. */
function post(webhook: { path: string; headers: Record<string, string>; body: string }) {
  return http().post(webhook.path).set(webhook.headers).set('content-type', 'application/json').send(webhook.body);
}

beforeAll(async () => {
  fake = await SendblueFake.start({ ...SECRETS, service: (number) => (smsOnly.has(number) ? 'SMS' : 'iMessage') });
  ({ database, topicPrefix, app } = await bootCarrierSpecApp('sendblue', env()));
  ({ client } = await CarrierSpecClient.seed(() => app, 'Your table is ready'));
  await client.addNumber(LINE, 'sendblue');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fake?.stop();
});

afterEach(() => {
  fake.stub = undefined;
  // Every request the adapter made is one the SDK's types allow, with its credentials.
  expect(fake.requests.filter((recorded) => recorded.refusedByDescription)).toEqual([]);
});

describe('MESSAGING_CARRIER=sendblue', () => {
  it('the fake refuses what the SDK would not send: the check the adapter passes is live', async () => {
    const answer = await fetch(`${fake.url}/api/send-message`, {
      method: 'POST',
      headers: { 'sb-api-key-id': SECRETS.apiKeyId, 'sb-api-secret-key': SECRETS.apiSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ from_number: LINE, number: '+12125550100', content: 'x', send_style: 'wobble' }),
    });
    expect(answer.status).toBe(400);
    expect(fake.requests.pop()?.refusedByDescription).toBe(true);
  });

  it('an iMessage with an effect: evaluate-service, send_style, our status callback; a DELIVERED webhook delivers it', async () => {
    const to = newPhone();
    const id = await send(to, { effect: 'invisible_ink' });
    const sent = await settled(id, ['sent']);
    expect(sent).toMatchObject({ channel: 'imessage', fromNumber: LINE, carrierMessageId: messageTo(to).message_handle });
    const [post_] = sendsTo(to);
    expect(post_!.headers['sb-api-key-id']).toBe(SECRETS.apiKeyId);
    expect(post_!.body).toEqual({
      from_number: LINE,
      number: to,
      content: 'Your table is ready',
      send_style: 'invisible',
      status_callback: `${PUBLIC_URL}/v1/carrier/callbacks/sendblue?token=${TOKEN}&message_id=${id}`,
    });
    const delivered = await post(fake.webhook(messageTo(to), { status: 'DELIVERED' })).expect(200);
    expect(delivered.body.results).toEqual([expect.objectContaining({ outcome: 'applied', message_id: id })]);
    await expect(row(id)).resolves.toMatchObject({ status: 'delivered' });
    await expect(handOffs(id)).resolves.toEqual([
      expect.objectContaining({ kind: 'send', provider: 'sendblue', channel: 'imessage', outcome: 'accepted' }),
    ]);
  });

  it('a wrong sb-signing-secret is 401 and a post without the token is refused; neither changes anything', async () => {
    const to = newPhone();
    const id = await send(to);
    await settled(id, ['sent']);
    const webhook = fake.webhook(messageTo(to), { status: 'DELIVERED' });
    await post({ ...webhook, headers: { 'sb-signing-secret': 'not-the-secret' } }).expect(401);
    const withoutToken = webhook.path.replace(`token=${TOKEN}&`, '');
    await post({ ...webhook, path: withoutToken }).expect(401);
    await post({ ...webhook, path: webhook.path.replace(TOKEN, 'x'.repeat(40)) }).expect(401);
    const stop = fake.inbound(newPhone(), LINE, 'STOP');
    await post({ path: '/v1/carrier/callbacks/sendblue', headers: stop.headers, body: stop.body }).expect(401);
    await expect(row(id)).resolves.toMatchObject({ status: 'sent' });
    const stored = await app.get(DataSource).getRepository(MessageEntity).findOneBy({ carrierMessageId: stop.handle });
    expect(stored).toBeNull();
  });

  it('one attachment rides as media_url; more than one is refused for good (too_many_attachments), nothing sent', async () => {
    const one = newPhone();
    const id = await send(one, { attachments: ['https://cdn.example.com/menu.jpg'] });
    await settled(id, ['sent']);
    expect(sendsTo(one)[0]!.body).toMatchObject({ media_url: 'https://cdn.example.com/menu.jpg' });
    const three = newPhone();
    const refused = await send(three, { attachments: [1, 2, 3].map((n) => `https://cdn.example.com/${n}.jpg`) });
    await expect(settled(refused, ['failed'])).resolves.toMatchObject({
      failureReason: expect.stringContaining('too_many_attachments'),
    });
    expect(sendsTo(three)).toEqual([]);
  });

  it('an SMS-only phone (evaluate-service "SMS") gets Sendblue SMS: no send_style, links in the body', async () => {
    const to = newPhone();
    smsOnly.add(to);
    const id = await send(to, { effect: 'slam' });
    await expect(settled(id, ['sent'])).resolves.toMatchObject({ channel: 'sms' });
    expect(sendsTo(to)[0]!.body).not.toHaveProperty('send_style');
  });

  it("ERROR (no other provider carries text) → failed with Sendblue's reason; the attempt is marked", async () => {
    const to = newPhone();
    const id = await send(to);
    await settled(id, ['sent']);
    const error = fake.webhook(messageTo(to), { status: 'ERROR', error_code: 4001, error_message: 'not an iMessage user' });
    await post(error).expect(200);
    await expect(row(id)).resolves.toMatchObject({ status: 'failed', failureReason: 'sendblue 4001: not an iMessage user' });
    await expect(handOffs(id)).resolves.toEqual([expect.objectContaining({ downgraded_at: expect.any(String) })]);
    const again = await post(error).expect(200);
    expect(again.body.results).toEqual([expect.objectContaining({ outcome: 'duplicate' })]);
  });

  it('inbound STOP through Sendblue: stored, the contact opted out; a picture is stored as the message attachment', async () => {
    const person = newPhone();
    const stop = fake.inbound(person, LINE, 'STOP');
    const response = await post({
      path: `/v1/carrier/callbacks/sendblue?token=${TOKEN}`,
      headers: stop.headers,
      body: stop.body,
    }).expect(200);
    expect(response.body.results).toEqual([expect.objectContaining({ kind: 'inbound', outcome: 'applied' })]);
    await expect(asWorkspace(http().get(`/v1/contacts/${person}`))).resolves.toMatchObject({ body: { opted_out: true } });
    await asWorkspace(http().post('/v1/messages')).send({ to: person, message: 'hi' }).expect(403);

    const picture = fake.inbound(newPhone(), LINE, 'the cake', 'https://cdn.sendblue.co/media/cake.jpg');
    const stored = await post({
      path: `/v1/carrier/callbacks/sendblue?token=${TOKEN}`,
      headers: picture.headers,
      body: picture.body,
    });
    const message = await asWorkspace(http().get(`/v1/messages/${stored.body.results[0].message_id}`)).expect(200);
    expect(message.body).toMatchObject({
      direction: 'inbound',
      channel: 'imessage',
      body: 'the cake',
      attachments: ['https://cdn.sendblue.co/media/cake.jpg'],
    });
  });

  it('a receipt that overtakes the commit of its hand-off waits for it, then applies (not dropped as unknown)', async () => {
    const to = newPhone();
    let webhookAnswer: Promise<request.Response> | undefined;
    fake.stub = async (recorded) => {
      if (!sendsTo(to).includes(recorded)) return undefined;
      // Sendblue posts DELIVERED before the adapter has its answer; the answer comes once the receipt waits on the message.
      webhookAnswer = post(fake.webhook(messageTo(to), { status: 'DELIVERED' })).then((response) => response);
      await eventually(
        () =>
          app
            .get(DataSource)
            .query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            ),
        (rows: Array<{ n: number }>) => rows[0]!.n > 0,
        { timeoutMs: 5_000, what: 'the receipt waiting for the hand-off' },
      );
      return undefined;
    };
    const id = await send(to);
    await settled(id, ['sent', 'delivered']);
    const receipt = await webhookAnswer!;
    expect(receipt.status).toBe(200);
    expect(receipt.body.results).toEqual([expect.objectContaining({ outcome: 'applied', message_id: id })]);
    await expect(row(id)).resolves.toMatchObject({ status: 'delivered' });
  });

  it('429 with Retry-After → requeued, then sent once', async () => {
    const to = newPhone();
    let refusals = 1;
    fake.stub = (recorded) =>
      sendsTo(to).includes(recorded) && refusals-- > 0
        ? { status: 429, body: { status: 'ERROR', message: 'queue full' }, headers: { 'retry-after': '0' } }
        : undefined;
    const id = await send(to);
    await settled(id, ['sent']);
    expect(sendsTo(to)).toHaveLength(2);
    expect(fake.messages.filter((message) => message.number === to)).toHaveLength(1);
    expect((await handOffs(id)).map((handOff) => handOff.outcome)).toEqual(['unavailable', 'accepted']);
  });

  it('a lost answer followed by a restart: looked up at Sendblue, found, never sent twice', async () => {
    const to = newPhone();
    let listDown = true;
    fake.stub = (recorded) => {
      if (sendsTo(to).includes(recorded)) return 'drop';
      if (recorded.pathname === '/api/v2/messages' && listDown) return { status: 503, body: { status: 'ERROR' } };
      return undefined;
    };
    const id = await send(to);
    await eventually(
      () => app.get(DataSource).getRepository(MessageHandOffEntity).findBy({ messageId: id }),
      (rows) => rows.some((handOff) => handOff.outcome === 'unknown'),
      { timeoutMs: 15_000, what: 'the lost hand-off recorded as unknown' },
    );
    await asWorkspace(http().delete(`/v1/messages/${id}`)).expect(409);
    await app.close();
    listDown = false;
    fake.stub = undefined;
    app = await bootMessagingApp(database.url, topicPrefix, { env: env() });
    const sent = await settled(id, ['sent']);
    expect(sendsTo(to)).toHaveLength(1);
    expect(sent.carrierMessageId).toBe(messageTo(to).message_handle);
    expect((await handOffs(id)).map((handOff) => handOff.outcome)).toEqual(['found']);
  });

  it('receipts that never come: after MESSAGING_RECEIPT_TIMEOUT_SECONDS the status is looked up at Sendblue and settled', async () => {
    await app.close();
    app = await bootMessagingApp(database.url, topicPrefix, { env: { ...env(), MESSAGING_RECEIPT_TIMEOUT_SECONDS: '2' } });
    const [delivered, stuck, vanished] = [newPhone(), newPhone(), newPhone()];
    const ids = [await send(delivered), await send(stuck), await send(vanished)];
    for (const id of ids) await settled(id, ['sent']);
    // No webhook is posted for any of them. Sendblue says DELIVERED of the first, QUEUED of the second for ever, and has no
    // record of the third.
    messageTo(delivered).status = 'DELIVERED';
    fake.messages.splice(fake.messages.indexOf(messageTo(vanished)), 1);
    await expect(settled(ids[0]!, ['delivered'])).resolves.toMatchObject({ status: 'delivered' });
    await expect(settled(ids[2]!, ['failed'])).resolves.toMatchObject({
      failureReason: expect.stringMatching(/^receipt_missing: no receipt within 2 s and sendblue cannot say/),
    });
    // Still QUEUED after three timeouts (6 s): given up the same way, never left `sent`.
    await expect(settled(ids[1]!, ['failed'])).resolves.toMatchObject({
      failureReason: expect.stringMatching(/^receipt_missing: sendblue still says "QUEUED" \d+ s after the hand-off$/),
    });
    const lookups = fake.requests.filter((recorded) => recorded.pathname === '/api/status');
    expect(
      lookups.filter((recorded) => recorded.query.get('handle') === messageTo(stuck).message_handle).length,
    ).toBeGreaterThanOrEqual(3);
    expect(lookups.every((recorded) => !recorded.refusedByDescription)).toBe(true);
  });
});
