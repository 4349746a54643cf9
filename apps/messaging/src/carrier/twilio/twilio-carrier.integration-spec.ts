import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { DataSource } from 'typeorm';
import { Topics } from '@suite/contracts';
import { eventually, VendorMock, type TestDatabase } from '@suite/testing';
import { MessageHandOffEntity } from '../../hand-offs/message-hand-off.entity';
import { bootMessagingApp, newPhone, readKafkaEvents, type KafkaEventReader, type TestWorkspace } from '../../testing';
import { bootCarrierSpecApp, CarrierSpecClient } from '../../testing/carrier-spec-client';

/**
 * MESSAGING_CARRIER=twilio against Prism mocks of Twilio's published descriptions (API 2010 and
 * Lookup v2, libs/testing/vendor-apis) on 127.0.0.1, real PostgreSQL and Kafka: every request the
 * adapter makes must pass the description's validation; a small stub in front answers what the
 * description does not list (error codes, unique sids, a lost answer) and keeps the messages
 * "created" so the lookup of a lost hand-off finds them. Callbacks are signed with the twilio
 * library's own getExpectedTwilioSignature.
 */
jest.setTimeout(120_000);

const ACCOUNT = 'AC' + 'b'.repeat(32);
const TOKEN = 'f'.repeat(32);
const PUBLIC_URL = 'https://messaging.example.test';
const NUMBER = '+14155550142';
const MESSAGES = `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`;

let api: VendorMock;
let lookups: VendorMock;
let database: TestDatabase;
let topicPrefix: string;
let app: INestApplication;
let kafka: KafkaEventReader;
let workspace: TestWorkspace;

/** What "Twilio" holds: the messages it created (the stub's state), by sid. */
const created = new Map<string, { sid: string; to: string; from: string; body: string; date_created: string }>();
/** Phones the lookup calls landlines; answers of the send per recipient; recipients whose answer is dropped. */
const landlines = new Set<string>();
const sendErrors = new Map<string, { status: number; body: unknown; headers?: Record<string, string> }>();
const dropFor = new Set<string>();
let listAvailable = true;
/** What a fetch of one message (`GET …/Messages/{Sid}.json`) says of it; a sid not created is 404. */
const fetchedStatus = new Map<string, string>();
const MESSAGE = new RegExp(`^/2010-04-01/Accounts/${ACCOUNT}/Messages/(SM[0-9a-f]{32})\\.json$`);

function env(): Record<string, string> {
  return {
    MESSAGING_CARRIER: 'twilio',
    MESSAGING_PUBLIC_URL: PUBLIC_URL,
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_URL: api.url,
    TWILIO_LOOKUP_URL: lookups.url,
    // Retries slow enough that a lost hand-off is still being looked up when the test restarts the app.
    MESSAGING_SCHEDULER_RETRY_BASE_MS: '500',
    MESSAGING_SCHEDULER_RETRY_MAX_MS: '2000',
  };
}

let client: CarrierSpecClient;
const http = () => client.http();
const asWorkspace = (test: request.Test) => client.asWorkspace(test);
const send = (to: string, body: Record<string, unknown> = {}) => client.send(to, body);
const row = (id: string) => client.row(id);
const settled = (id: string, statuses: string[]) => client.settled(id, statuses);

/** Posts a form to the Twilio callback path signed as Twilio does (URL + sorted parameters, HMAC-SHA1 with the auth token). */
function postTwilio(form: Record<string, string>, query = '', token = TOKEN) {
  const path = `/v1/carrier/callbacks/twilio${query}`;
  const signature = getExpectedTwilioSignature(token, `${PUBLIC_URL}${path}`, form);
  return http()
    .post(path)
    .set('content-type', 'application/x-www-form-urlencoded')
    .set('x-twilio-signature', signature)
    .send(new URLSearchParams(form).toString());
}

function postsTo(to: string) {
  return api.requestsTo(MESSAGES, 'POST').filter((recorded) => recorded.form().get('To') === to);
}

beforeAll(async () => {
  api = await VendorMock.start('twilio_api_v2010', {
    stub: (recorded, prism) => {
      if (recorded.method === 'GET' && recorded.pathname === MESSAGES) {
        if (!listAvailable) return { status: 503, body: { code: 20500, message: 'Internal error', status: 503 } };
        const to = recorded.query.get('To');
        const from = recorded.query.get('From');
        const messages = [...created.values()].filter((message) => message.to === to && message.from === from).reverse();
        return {
          status: 200,
          body: { ...(prism.json() as object), messages: messages.map((message) => ({ ...message, status: 'sent' })) },
        };
      }
      const fetched = recorded.method === 'GET' ? MESSAGE.exec(recorded.pathname) : null;
      if (fetched) {
        const message = created.get(fetched[1]!);
        if (!message) return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
        const status = fetchedStatus.get(message.sid) ?? 'sent';
        return {
          status: 200,
          body: {
            ...(prism.json() as object),
            ...message,
            status,
            date_updated: new Date().toUTCString(),
            ...(status === 'undelivered' ? { error_code: 30003, error_message: 'Unreachable destination handset' } : {}),
          },
        };
      }
      if (recorded.method !== 'POST' || recorded.pathname !== MESSAGES) return undefined;
      const form = recorded.form();
      const to = form.get('To')!;
      const error = sendErrors.get(to);
      if (error) return error;
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const message = { sid, to, from: form.get('From')!, body: form.get('Body') ?? '', date_created: new Date().toUTCString() };
      created.set(sid, message);
      if (dropFor.delete(to)) return 'drop';
      return {
        status: 201,
        body: { ...(prism.json() as object), ...message, status: 'queued', num_media: form.getAll('MediaUrl').length },
      };
    },
  });
  lookups = await VendorMock.start('twilio_lookups_v2', {
    stub: (recorded, prism) => {
      const phone = decodeURIComponent(recorded.pathname.split('/').at(-1)!);
      const type = landlines.has(phone) ? 'landline' : 'mobile';
      return {
        status: 200,
        body: { ...(prism.json() as object), phone_number: phone, valid: true, line_type_intelligence: { type } },
      };
    },
  });
  ({ database, topicPrefix, app } = await bootCarrierSpecApp('twilio', env()));
  ({ workspace, client } = await CarrierSpecClient.seed(() => app, 'Hello from the bakery'));
  await client.addNumber(NUMBER, 'twilio');
  kafka = await readKafkaEvents({ topicPrefix, topics: [Topics.messagingMessage, Topics.messagingContact] });
}, 180_000);

afterAll(async () => {
  await kafka?.close();
  await app?.close();
  await database?.drop();
  await api?.stop();
  await lookups?.stop();
});

afterEach(() => {
  // Every request the adapter made passed the published description's validation.
  expect([...api.requests, ...lookups.requests].filter((recorded) => recorded.refusedByDescription)).toEqual([]);
});

describe('MESSAGING_CARRIER=twilio', () => {
  it('the mock refuses a malformed request: the validation the adapter passes is live', async () => {
    const answer = await fetch(api.url + MESSAGES, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ From: NUMBER, Body: 'no To' }).toString(),
    });
    expect(answer.status).toBe(422);
    expect(api.requests.pop()?.refusedByDescription).toBe(true);
  });

  it('SMS: Lookup says mobile, POST Messages.json with Basic auth and our StatusCallback, then a signed delivered callback', async () => {
    const to = newPhone();
    const id = await send(to);
    const sent = await settled(id, ['sent']);
    expect(sent).toMatchObject({ channel: 'sms', fromNumber: NUMBER, carrierMessageId: expect.stringMatching(/^SM/) });
    const [post] = postsTo(to);
    expect(post!.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(post!.form())).toEqual({
      To: to,
      From: NUMBER,
      Body: 'Hello from the bakery',
      StatusCallback: `${PUBLIC_URL}/v1/carrier/callbacks/twilio?message_id=${id}`,
    });
    const form = { MessageSid: sent.carrierMessageId!, MessageStatus: 'delivered', AccountSid: ACCOUNT, To: to, From: NUMBER };
    const callback = await postTwilio(form, `?message_id=${id}`).expect(200);
    expect(callback.body.results).toEqual([expect.objectContaining({ outcome: 'applied', message_id: id })]);
    await expect(row(id)).resolves.toMatchObject({ status: 'delivered' });
    const detail = await asWorkspace(http().get(`/v1/messages/${id}`)).expect(200);
    expect(detail.body.hand_offs).toEqual([
      expect.objectContaining({
        kind: 'send',
        provider: 'twilio',
        channel: 'sms',
        outcome: 'accepted',
        carrier_message_id: sent.carrierMessageId,
      }),
    ]);
  });

  it('MMS with 3 attachments: MediaUrl three times', async () => {
    const to = newPhone();
    const attachments = [1, 2, 3].map((n) => `https://cdn.example.com/cake-${n}.jpg`);
    const id = await send(to, { attachments });
    await expect(settled(id, ['sent'])).resolves.toMatchObject({ channel: 'mms' });
    expect(postsTo(to)[0]!.form().getAll('MediaUrl')).toEqual(attachments);
  });

  it('a landline (Lookup line type) → no_channel, nothing sent', async () => {
    const to = newPhone();
    landlines.add(to);
    const id = await send(to);
    await settled(id, ['no_channel']);
    expect(postsTo(to)).toEqual([]);
  });

  it.each([
    [21211, 'invalid_number'],
    [21614, 'not_mobile'],
    [21408, 'unreachable_region'],
  ])('%s → failed at hand-off (rejected for good)', async (code, reason) => {
    const to = newPhone();
    sendErrors.set(to, {
      status: 400,
      body: { code, message: 'refused', more_info: 'https://www.twilio.com/docs/errors', status: 400 },
    });
    const id = await send(to);
    const failed = await settled(id, ['failed']);
    expect(failed.failureReason).toContain(reason);
    expect(postsTo(to)).toHaveLength(1);
  });

  it('21610 → failed AND the contact opted out (403 on the next send, contact.opted_out)', async () => {
    const to = newPhone();
    sendErrors.set(to, { status: 400, body: { code: 21610, message: 'unsubscribed', status: 400 } });
    const id = await send(to);
    await expect(settled(id, ['failed'])).resolves.toMatchObject({ failureReason: expect.stringContaining('unsubscribed') });
    await eventually(
      async () => (await asWorkspace(http().get(`/v1/contacts/${to}`))).body,
      (contact) => contact.opted_out === true,
      { timeoutMs: 10_000, what: 'the contact to be opted out' },
    );
    await asWorkspace(http().post('/v1/messages')).send({ to, message: 'again' }).expect(403);
    await kafka.waitFor((event) => event.type === 'contact.opted_out' && event.subject === `${workspace.companyId}:${to}`, {
      what: 'contact.opted_out',
    });
  });

  it('429 with Retry-After and 5xx → requeued, then sent', async () => {
    const to = newPhone();
    sendErrors.set(to, {
      status: 429,
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
      headers: { 'retry-after': '0' },
    });
    const id = await send(to);
    await eventually(
      () => Promise.resolve(postsTo(to).length),
      (count) => count >= 1,
      { timeoutMs: 10_000, what: 'a first try' },
    );
    sendErrors.set(to, { status: 503, body: { code: 20500, message: 'unavailable', status: 503 } });
    await eventually(
      () => Promise.resolve(postsTo(to).length),
      (count) => count >= 2,
      { timeoutMs: 10_000, what: 'a second try' },
    );
    sendErrors.delete(to);
    await settled(id, ['sent']);
    const handOffs = (await asWorkspace(http().get(`/v1/messages/${id}`)).expect(200)).body.hand_offs as Array<{
      outcome: string;
    }>;
    expect(handOffs.map((handOff) => handOff.outcome)).toEqual([...handOffs.slice(0, -1).map(() => 'unavailable'), 'accepted']);
  });

  it.each([
    ['30034', 'a2p_unregistered'],
    ['30007', 'carrier_filtered'],
  ])('an undelivered callback with ErrorCode %s → failed with a reason that says so', async (errorCode, reason) => {
    const to = newPhone();
    const id = await send(to);
    const sent = await settled(id, ['sent']);
    await postTwilio(
      { MessageSid: sent.carrierMessageId!, MessageStatus: 'undelivered', ErrorCode: errorCode },
      `?message_id=${id}`,
    ).expect(200);
    await expect(row(id)).resolves.toMatchObject({ status: 'failed', failureReason: expect.stringContaining(reason) });
  });

  it('a callback with a bad signature is 401 and changes nothing; intermediate statuses change nothing', async () => {
    const to = newPhone();
    const id = await send(to);
    const sent = await settled(id, ['sent']);
    const form = { MessageSid: sent.carrierMessageId!, MessageStatus: 'delivered' };
    await postTwilio(form, `?message_id=${id}`, 'x'.repeat(32)).expect(401);
    await http()
      .post('/v1/carrier/callbacks/twilio')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('MessageSid=SM1')
      .expect(401);
    await postTwilio({ MessageSid: sent.carrierMessageId!, MessageStatus: 'sent' }, `?message_id=${id}`).expect(200);
    await expect(row(id)).resolves.toMatchObject({ status: 'sent' });
    await http().post('/v1/carrier/callbacks/sendblue').send('{}').expect(404);
  });

  it('inbound STOP through Twilio (signed form): stored, the contact opted out', async () => {
    const person = newPhone();
    const form = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      SmsStatus: 'received',
      From: person,
      To: NUMBER,
      Body: 'STOP',
      NumMedia: '0',
    };
    const response = await postTwilio(form).expect(200);
    expect(response.body.results).toEqual([expect.objectContaining({ kind: 'inbound', outcome: 'applied' })]);
    await expect(asWorkspace(http().get(`/v1/contacts/${person}`))).resolves.toMatchObject({ body: { opted_out: true } });
    await asWorkspace(http().post('/v1/messages')).send({ to: person, message: 'hi' }).expect(403);
  });

  it('an inbound MMS (signed form, MediaUrl0..n): its media are the message attachments', async () => {
    const media = [0, 1, 2].map((n) => `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages/MM1/Media/ME${n}`);
    const form = {
      MessageSid: `MM${randomBytes(16).toString('hex')}`,
      From: newPhone(),
      To: NUMBER,
      Body: 'photos of the venue',
      NumMedia: '3',
      ...Object.fromEntries(media.map((url, n) => [`MediaUrl${n}`, url])),
    };
    const response = await postTwilio(form).expect(200);
    const message = await asWorkspace(http().get(`/v1/messages/${response.body.results[0].message_id}`)).expect(200);
    expect(message.body).toMatchObject({ direction: 'inbound', channel: 'mms', body: 'photos of the venue', attachments: media });
  });

  it('a lost answer followed by a restart: looked up at Twilio, found, never sent twice', async () => {
    const to = newPhone();
    dropFor.add(to);
    listAvailable = false;
    const id = await send(to);
    // The request reached "Twilio" (it created the message) but the answer was lost: recorded `unknown`, not resent blindly.
    await eventually(
      () => app.get(DataSource).getRepository(MessageHandOffEntity).findBy({ messageId: id }),
      (handOffs) => handOffs.some((handOff) => handOff.outcome === 'unknown'),
      { timeoutMs: 15_000, what: 'the lost hand-off recorded as unknown' },
    );
    // A cancel is too late now: the provider may have it.
    await asWorkspace(http().delete(`/v1/messages/${id}`)).expect(409);
    await app.close();
    listAvailable = true;
    app = await bootMessagingApp(database.url, topicPrefix, { env: env() });
    const sent = await settled(id, ['sent']);
    expect(postsTo(to)).toHaveLength(1);
    expect(sent.carrierMessageId).toBe([...created.values()].find((message) => message.to === to)!.sid);
    const handOffs = (await asWorkspace(http().get(`/v1/messages/${id}`)).expect(200)).body.hand_offs as Array<{
      outcome: string;
    }>;
    expect(handOffs.map((handOff) => handOff.outcome)).toEqual(['found']);
  });

  it('receipts that never come: after MESSAGING_RECEIPT_TIMEOUT_SECONDS the message is fetched from Twilio and settled', async () => {
    await app.close();
    app = await bootMessagingApp(database.url, topicPrefix, { env: { ...env(), MESSAGING_RECEIPT_TIMEOUT_SECONDS: '2' } });
    const [delivered, undelivered, vanished] = [newPhone(), newPhone(), newPhone()];
    const ids = [await send(delivered), await send(undelivered), await send(vanished)];
    const sids = await Promise.all(ids.map(async (id) => (await settled(id, ['sent'])).carrierMessageId!));
    fetchedStatus.set(sids[0]!, 'delivered');
    fetchedStatus.set(sids[1]!, 'undelivered');
    // Twilio has no record of the third (deleted from the account, say): it cannot say.
    created.delete(sids[2]!);
    // No callback is posted for any of them.
    await expect(settled(ids[0]!, ['delivered'])).resolves.toMatchObject({ carrierMessageId: sids[0] });
    await expect(settled(ids[1]!, ['failed'])).resolves.toMatchObject({
      failureReason: 'twilio 30003 unreachable: the handset is unreachable (switched off or out of coverage)',
    });
    await expect(settled(ids[2]!, ['failed'])).resolves.toMatchObject({
      failureReason: expect.stringMatching(
        /^receipt_missing: no receipt within 2 s and twilio cannot say \(twilio has no message SM/,
      ),
    });
    for (const sid of sids)
      expect(api.requestsTo(`/2010-04-01/Accounts/${ACCOUNT}/Messages/${sid}.json`, 'GET').length).toBeGreaterThan(0);
  });
});
