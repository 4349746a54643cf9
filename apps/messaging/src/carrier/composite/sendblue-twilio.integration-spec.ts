import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { DataSource } from 'typeorm';
import { eventually, SendblueFake, VendorMock, type RecordedRequest, type TestDatabase, TwilioMessages } from '@suite/testing';
import { MessageHandOffEntity } from '../../hand-offs/message-hand-off.entity';
import { bootMessagingApp, newPhone } from '../../testing';
import { bootCarrierSpecApp, CarrierSpecClient } from '../../testing/carrier-spec-client';

/**
 * MESSAGING_CARRIER=sendblue+twilio: iMessage through Sendblue (SendblueFake), SMS and MMS through
 * Twilio (Prism mocks of its published API and Lookup descriptions, a stub in front for unique sids
 * and what the description does not list), real PostgreSQL and Kafka. Each provider's callbacks are
 * posted as it posts them: Sendblue's JSON with sb-signing-secret and the URL token, Twilio's forms
 * signed with the twilio library's getExpectedTwilioSignature.
 */
jest.setTimeout(180_000);

const PUBLIC_URL = 'https://messaging.example.test';
const ACCOUNT = 'AC' + 'c'.repeat(32);
const AUTH_TOKEN = 'e'.repeat(32);
const MESSAGES = `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`;
const LINE = '+14155550188';
const TWILIO_NUMBER = '+14155550199';
const SECRETS = { apiKeyId: 'key-id-0002', apiSecret: 'api-secret-0002', signingSecret: 'signing-secret-0002' };
const CALLBACK_TOKEN = 'Q'.repeat(40);

let twilio: VendorMock;
let lookups: VendorMock;
let sendblue: SendblueFake;
let database: TestDatabase;
let topicPrefix: string;
let app: INestApplication;

/** What "Twilio" created (the stub's state: the list lookup finds them). */
const created = new TwilioMessages(ACCOUNT);
/** Phones Sendblue's evaluate-service calls SMS-only, or cannot judge (503). */
const smsOnly = new Set<string>();
const unjudged = new Set<string>();
/** A test's say over a Twilio send (after Prism validated it): its answer, or undefined for the normal 201. */
let twilioSend: ((recorded: RecordedRequest, sid: string) => Promise<'drop' | undefined> | 'drop' | undefined) | undefined;
let twilioListDown = false;

function env(): Record<string, string> {
  return {
    MESSAGING_CARRIER: 'sendblue+twilio',
    MESSAGING_PUBLIC_URL: PUBLIC_URL,
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_API_URL: twilio.url,
    TWILIO_LOOKUP_URL: lookups.url,
    SENDBLUE_API_KEY_ID: SECRETS.apiKeyId,
    SENDBLUE_API_SECRET: SECRETS.apiSecret,
    SENDBLUE_SIGNING_SECRET: SECRETS.signingSecret,
    SENDBLUE_API_URL: sendblue.url,
    SENDBLUE_CALLBACK_TOKEN: CALLBACK_TOKEN,
    MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: '8000',
    MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: '20000',
  };
}

let client: CarrierSpecClient;
const http = () => client.http();
const asWorkspace = (test: request.Test) => client.asWorkspace(test);
const db = () => app.get(DataSource);
const row = (id: string) => client.row(id);
const handOffs = (id: string) => client.handOffs(id);
const send = (to: string, body: Record<string, unknown> = {}) => client.send(to, body);
const settled = (id: string, statuses: string[]) => client.settled(id, statuses);

const twilioSends = (to: string) => twilio.requestsTo(MESSAGES, 'POST').filter((recorded) => recorded.form().get('To') === to);
const sendblueSends = (to: string) =>
  sendblue.requests.filter(
    (recorded) => recorded.pathname === '/api/send-message' && (recorded.body as { number?: string }).number === to,
  );
const sendblueMessage = (to: string) => sendblue.messages.find((message) => message.number === to)!;

function postSendblue(webhook: { path: string; headers: Record<string, string>; body: string }) {
  return http().post(webhook.path).set(webhook.headers).set('content-type', 'application/json').send(webhook.body);
}

/** A Twilio status callback as Twilio posts it to the StatusCallback URL the adapter gave: signed URL + form. */
function postTwilioStatus(sid: string, status: string, messageId: string) {
  const path = `/v1/carrier/callbacks/twilio?message_id=${messageId}`;
  const form = { MessageSid: sid, MessageStatus: status, AccountSid: ACCOUNT };
  return http()
    .post(path)
    .set('content-type', 'application/x-www-form-urlencoded')
    .set('x-twilio-signature', getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, form))
    .send(new URLSearchParams(form).toString());
}

/** Resolves once some statement of the app's database waits for a row lock (a receipt waiting for a hand-off's commit). */
const aLockWait = () =>
  eventually(
    () =>
      db().query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      ),
    (rows: Array<{ n: number }>) => rows[0]!.n > 0,
    { timeoutMs: 5_000, what: 'a receipt waiting for the hand-off' },
  );

beforeAll(async () => {
  twilio = await VendorMock.start('twilio_api_v2010', {
    stub: async (recorded, prism) => {
      if (recorded.method === 'GET' && recorded.pathname === MESSAGES) {
        if (twilioListDown) return { status: 503, body: { code: 20500, message: 'Internal error', status: 503 } };
        return { status: 200, body: { ...(prism.json() as object), messages: created.list(recorded.query) } };
      }
      if (recorded.method !== 'POST' || recorded.pathname !== MESSAGES) return undefined;
      const message = created.create(recorded.form());
      const sid = message.sid;
      if ((await twilioSend?.(recorded, sid)) === 'drop') return 'drop';
      return { status: 201, body: { ...(prism.json() as object), ...message } };
    },
  });
  lookups = await VendorMock.start('twilio_lookups_v2', {
    stub: (recorded, prism) => {
      const phone = decodeURIComponent(recorded.pathname.split('/').at(-1)!);
      return {
        status: 200,
        body: { ...(prism.json() as object), phone_number: phone, valid: true, line_type_intelligence: { type: 'mobile' } },
      };
    },
  });
  sendblue = await SendblueFake.start({ ...SECRETS, service: (number) => (smsOnly.has(number) ? 'SMS' : 'iMessage') });
  sendblue.stub = (recorded) =>
    recorded.pathname === '/api/evaluate-service' && unjudged.has(recorded.query.get('number') ?? '')
      ? { status: 503, body: { status: 'ERROR', message: 'try later' } }
      : undefined;
  ({ database, topicPrefix, app } = await bootCarrierSpecApp('sendblue_twilio', env()));
  ({ client } = await CarrierSpecClient.seed(() => app, 'We saved you a seat'));
  await client.addNumber(LINE, 'sendblue');
  await client.addNumber(TWILIO_NUMBER, 'twilio');
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await twilio?.stop();
  await lookups?.stop();
  await sendblue?.stop();
});

afterEach(() => {
  twilioSend = undefined;
  twilioListDown = false;
  // Every request to either provider passed its description (Twilio: Prism) or the SDK's types (Sendblue: the fake).
  expect([...twilio.requests, ...lookups.requests].filter((recorded) => recorded.refusedByDescription)).toEqual([]);
  expect(sendblue.requests.filter((recorded) => recorded.refusedByDescription)).toEqual([]);
});

describe('MESSAGING_CARRIER=sendblue+twilio', () => {
  it('routes iMessage through Sendblue from its line and SMS through Twilio from its number; receipts from either deliver', async () => {
    const iphone = newPhone();
    const android = newPhone();
    smsOnly.add(android);
    const [blue, green] = [await send(iphone, { effect: 'confetti' }), await send(android)];
    const [blueSent, greenSent] = [await settled(blue, ['sent']), await settled(green, ['sent'])];
    expect(blueSent).toMatchObject({
      channel: 'imessage',
      fromNumber: LINE,
      carrierMessageId: sendblueMessage(iphone).message_handle,
    });
    expect(greenSent).toMatchObject({
      channel: 'sms',
      fromNumber: TWILIO_NUMBER,
      carrierMessageId: expect.stringMatching(/^SM/),
    });
    expect(sendblueSends(iphone)[0]!.body).toMatchObject({ from_number: LINE, send_style: 'confetti' });
    expect(Object.fromEntries(twilioSends(android)[0]!.form())).toMatchObject({
      From: TWILIO_NUMBER,
      Body: 'We saved you a seat',
    });
    expect(twilioSends(iphone)).toEqual([]);
    expect(sendblueSends(android)).toEqual([]);

    await postSendblue(sendblue.webhook(sendblueMessage(iphone), { status: 'DELIVERED' })).expect(200);
    await postTwilioStatus(greenSent.carrierMessageId!, 'delivered', green).expect(200);
    await expect(row(blue)).resolves.toMatchObject({ status: 'delivered' });
    await expect(row(green)).resolves.toMatchObject({ status: 'delivered' });
    await expect(handOffs(blue)).resolves.toEqual([expect.objectContaining({ provider: 'sendblue', channel: 'imessage' })]);
    await expect(handOffs(green)).resolves.toEqual([expect.objectContaining({ provider: 'twilio', channel: 'sms' })]);
  });

  it('capability falls back to Twilio Lookup when Sendblue cannot say: the message goes by SMS through Twilio', async () => {
    const to = newPhone();
    unjudged.add(to);
    const id = await send(to);
    await expect(settled(id, ['sent'])).resolves.toMatchObject({ channel: 'sms', fromNumber: TWILIO_NUMBER });
    expect(lookups.requests.some((recorded) => decodeURIComponent(recorded.pathname).endsWith(to))).toBe(true);
    expect(sendblueSends(to)).toEqual([]);
    await expect(asWorkspace(http().get(`/v1/contacts/${to}`))).resolves.toMatchObject({ body: { channel: 'mms' } });
  });

  it('an iMessage Sendblue reports undelivered (ERROR) is resent once by SMS via Twilio; both attempts show; a repeated ERROR changes nothing', async () => {
    const to = newPhone();
    const id = await send(to, { effect: 'slam' });
    await settled(id, ['sent']);
    const error = sendblue.webhook(sendblueMessage(to), { status: 'ERROR', error_code: 4001, error_message: 'not delivered' });
    // Twilio's own receipt of the resend overtakes the resend's commit: it waits for it, then applies.
    let receipt: Promise<request.Response> | undefined;
    twilioSend = async (recorded, sid) => {
      if (recorded.form().get('To') !== to) return undefined;
      receipt = postTwilioStatus(sid, 'delivered', id).then((response) => response);
      await aLockWait();
      return undefined;
    };
    const first = await postSendblue(error).expect(200);
    expect(first.body.results).toEqual([expect.objectContaining({ outcome: 'applied', message_id: id })]);

    await eventually(
      () => Promise.resolve(twilioSends(to).length),
      (count) => count === 1,
      { timeoutMs: 30_000, what: 'the SMS resend through Twilio' },
    );
    const resend = twilioSends(to)[0]!.form();
    expect(Object.fromEntries(resend)).toMatchObject({ To: to, From: TWILIO_NUMBER, Body: 'We saved you a seat' });
    expect(resend.get('StatusCallback')).toBe(`${PUBLIC_URL}/v1/carrier/callbacks/twilio?message_id=${id}`);
    const delivered = await settled(id, ['delivered']);
    expect(delivered).toMatchObject({
      channel: 'sms',
      fromNumber: TWILIO_NUMBER,
      carrierMessageId: expect.stringMatching(/^SM/),
    });
    expect((await receipt!).body.results).toEqual([expect.objectContaining({ outcome: 'applied', message_id: id })]);

    const again = await postSendblue(error).expect(200);
    expect(again.body.results).toEqual([expect.objectContaining({ outcome: 'duplicate', message_id: id })]);
    const [handOff, fallback] = await handOffs(id);
    expect(handOff).toMatchObject({
      kind: 'send',
      provider: 'sendblue',
      channel: 'imessage',
      outcome: 'accepted',
      downgraded_at: expect.any(String),
      detail: 'sendblue 4001: not delivered',
    });
    expect(fallback).toMatchObject({
      kind: 'sms_fallback',
      provider: 'twilio',
      channel: 'sms',
      from_number: TWILIO_NUMBER,
      outcome: 'accepted',
    });
    // The contact's capability was looked up again and stored without iMessage: the next message goes by text.
    await expect(asWorkspace(http().get(`/v1/contacts/${to}`))).resolves.toMatchObject({ body: { channel: 'mms' } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(twilioSends(to)).toHaveLength(1);
    expect(sendblueSends(to)).toHaveLength(1);
  });

  it('the SMS resend survives a lost answer and a restart: looked up at Twilio, never sent twice', async () => {
    const to = newPhone();
    const id = await send(to);
    await settled(id, ['sent']);
    twilioSend = (recorded) => (recorded.form().get('To') === to ? 'drop' : undefined);
    twilioListDown = true;
    await postSendblue(sendblue.webhook(sendblueMessage(to), { status: 'ERROR', error_code: 4001 })).expect(200);
    await eventually(
      () => db().getRepository(MessageHandOffEntity).findBy({ messageId: id, kind: 'sms_fallback' }),
      (rows) => rows.some((handOff) => handOff.outcome === 'unknown'),
      { timeoutMs: 20_000, what: 'the resend recorded as unknown' },
    );
    await app.close();
    twilioSend = undefined;
    twilioListDown = false;
    app = await bootMessagingApp(database.url, topicPrefix, { env: env() });
    const found = [...created.bySid.values()].find((message) => message.to === to)!;
    await eventually(
      () => row(id),
      (message) => message.carrierMessageId === found.sid,
      { timeoutMs: 30_000, what: 'the lost resend adopted' },
    );
    expect(twilioSends(to)).toHaveLength(1);
    expect((await handOffs(id)).map((handOff) => [handOff.kind, handOff.outcome])).toEqual([
      ['send', 'accepted'],
      ['sms_fallback', 'found'],
    ]);
    await postTwilioStatus(found.sid, 'delivered', id).expect(200);
    await expect(row(id)).resolves.toMatchObject({ status: 'delivered', channel: 'sms' });
  });

  it('paced, counted and cancelled the same whatever the route: a Sendblue line sends 1 a second, a waiting message cancels', async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    const ids = [];
    for (const phone of phones) ids.push(await send(phone));
    for (const id of ids) await settled(id, ['sent']);
    const arrivals = phones.map((phone) => sendblueSends(phone)[0]!.receivedAt).sort((a, b) => a - b);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(900);
    const [counted] = (await db().query(
      `SELECT coalesce(sum(sent), 0)::int AS sent FROM messaging.sender_number_days WHERE number = $1`,
      [LINE],
    )) as Array<{ sent: number }>;
    const [handed] = (await db().query(
      `SELECT count(*)::int AS n FROM messaging.message_hand_offs WHERE from_number = $1 AND outcome IN ('accepted', 'found')`,
      [LINE],
    )) as Array<{ n: number }>;
    expect(counted!.sent).toBe(handed!.n);

    // A second message to a person whose first one Sendblue is still answering waits its turn (conversation order): cancellable.
    const person = phones[0]!;
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const previous = sendblue.stub;
    sendblue.stub = async (recorded) =>
      sendblueSends(person).includes(recorded) ? (await answered, undefined) : previous?.(recorded);
    try {
      const first = await send(person, { message: 'first' });
      await eventually(
        () => Promise.resolve(sendblueSends(person).length),
        (count) => count === 2,
        { timeoutMs: 15_000, what: 'the first one at Sendblue' },
      );
      const second = await send(person, { message: 'second' });
      await asWorkspace(http().delete(`/v1/messages/${second}`)).expect(200);
      answer();
      await settled(first, ['sent']);
      await expect(row(second)).resolves.toMatchObject({ status: 'cancelled' });
      expect(sendblueSends(person).map((recorded) => (recorded.body as { content: string }).content)).toEqual([
        'We saved you a seat',
        'first',
      ]);
    } finally {
      answer();
      sendblue.stub = previous;
    }
  });
});
