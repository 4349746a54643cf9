import request from 'supertest';
import {
  contactOptChangeSchema,
  conversationRepliedSchema,
  messageEventSchema,
  Topics,
  validatePayload,
  type EventEnvelope,
} from '@suite/contracts';
import { applyStatusEvent } from '@suite/message-status';
import { eventually } from '@suite/testing';
import { signCallback } from '../carrier/callback-verifier';
import { CARRIER, type Carrier } from '../carrier/carrier.port';
import { MESSAGING_DEFAULTS } from '../workspace-settings/workspace-defaults';
import { MessageEntity } from '../messages/message.entity';
import { newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp, type TestWorkspace } from '../testing';

/**
 * Everything that enters from the carrier, against the booted app on real PostgreSQL and Kafka:
 * signed callbacks over HTTP (receipts, inbound texts, keywords), the sandbox's own receipts
 * through the in-process sink, and POST /v1/sandbox/inbound. The scheduler is another branch:
 * a message is made `sent` here with the state machine, as the scheduler does after a hand-off.
 */
jest.setTimeout(60_000);

const SECRET = 's'.repeat(48);
const A1 = '+14155550121';
const A2 = '+14155550122';
const B1 = '+14155550131';

let suite: MessagingTestApp;
let A: string;
let keyA: string;
let keyB: string;

const http = () => request(suite.app.getHttpServer());
const asA = (test: request.Test) => test.set('x-api-key', keyA);
const internal = (test: request.Test) => test.set('x-internal-token', suite.internalToken);

/** Posts a callback body signed with the shared secret (or with the given headers). */
function postCallback(body: unknown, headers?: Record<string, string>) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const test = http().post('/v1/carrier/callbacks/sandbox').set('content-type', 'application/json');
  for (const [name, value] of Object.entries(headers ?? signCallback(SECRET, raw, Date.now() / 1000))) test.set(name, value);
  return test.send(raw);
}

let sequence = 0;
const inboundBody = (from: string, to: string, body: string, carrierMessageId = `in_${Date.now()}_${++sequence}`) => ({
  kind: 'inbound',
  carrier_message_id: carrierMessageId,
  from,
  to,
  body,
  at: new Date().toISOString(),
});
const receiptBody = (carrierMessageId: string, status: 'delivered' | 'failed', reason?: string) => ({
  kind: 'status',
  carrier_message_id: carrierMessageId,
  status,
  ...(reason ? { reason } : {}),
  at: new Date().toISOString(),
});

async function queue(to: string, message = 'Hello'): Promise<string> {
  const response = await asA(http().post('/v1/messages')).send({ to, message }).expect(200);
  return response.body.id as string;
}

/** Moves a queued message to `sent` as the scheduler would after the carrier accepted it. */
async function markSent(id: string, carrierMessageId = `carrier_${id}`): Promise<string> {
  const db = suite.db.manager;
  await expect(
    applyStatusEvent(db, { table: 'messaging.messages', id, event: 'claim', set: { handed_over_at: new Date() } }),
  ).resolves.toMatchObject({ applied: true });
  await expect(
    applyStatusEvent(db, {
      table: 'messaging.messages',
      id,
      event: 'accept',
      set: { sent_at: new Date(), carrier_message_id: carrierMessageId },
    }),
  ).resolves.toMatchObject({ applied: true });
  return carrierMessageId;
}

const row = (id: string) => suite.db.getRepository(MessageEntity).findOneByOrFail({ id });
const about = (type: string, subject: string) => (event: EventEnvelope<string, unknown>) =>
  event.type === type && event.subject === subject;
/** Waits until `count` events of `type` about `subject` arrived, then a little longer to see that no more do. */
async function exactlyOnKafka(type: string, subject: string, count = 1): Promise<EventEnvelope<string, unknown>[]> {
  await suite.kafka.waitFor(about(type, subject), { count, what: `${type} for ${subject}` });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const found = suite.events.filter(about(type, subject));
  expect(found).toHaveLength(count);
  return found;
}

beforeAll(async () => {
  suite = await startMessagingTestApp({
    name: 'messaging-callbacks',
    // No scheduler: these tests move messages through their statuses by hand (queue, claim, markSent). A running
    // scheduler raced them whenever the real clock was inside the default send window (13:00–02:00 UTC).
    scheduler: 'off',
    workspaces: [newWorkspace([A1, A2]), newWorkspace([B1])],
    topics: [Topics.messagingMessage, Topics.messagingContact, Topics.messagingConversation],
    env: {
      MESSAGING_CARRIER: 'sandbox',
      MESSAGING_CARRIER_CALLBACK_SECRET: SECRET,
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '0',
    },
  });
  [{ companyId: A, apiKey: keyA }, { apiKey: keyB }] = suite.workspaces as [TestWorkspace, TestWorkspace];
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

describe('POST /v1/carrier/callbacks/{carrier}: verification', () => {
  const body = JSON.stringify(receiptBody('nobody', 'delivered'));
  const now = () => Date.now() / 1000;

  it.each<[string, () => Record<string, string>]>([
    ['no signature headers', () => ({})],
    ['a malformed signature', () => ({ 'x-carrier-timestamp': String(Math.floor(now())), 'x-carrier-signature': 'md5=abc' })],
    ['a signature made with another secret', () => signCallback('x'.repeat(48), body, now())],
    ['a stale timestamp (10 minutes old)', () => signCallback(SECRET, body, now() - 600)],
    ['a signature of another body', () => signCallback(SECRET, body.replace('delivered', 'failed'), now())],
  ])('401 {error} for %s, without needing an API key', async (_case, headers) => {
    const response = await postCallback(body, headers()).expect(401);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['not JSON', 'delivered please'],
    ['an unknown kind', JSON.stringify({ kind: 'read', carrier_message_id: 'x', at: new Date().toISOString() })],
    ['a receipt without a status', JSON.stringify({ kind: 'status', carrier_message_id: 'x', at: new Date().toISOString() })],
    [
      'an inbound text without from',
      JSON.stringify({ kind: 'inbound', carrier_message_id: 'x', to: A1, body: 'hi', at: new Date().toISOString() }),
    ],
  ])('400 {error} for a correctly signed body that is %s', async (_case, raw) => {
    const response = await postCallback(raw).expect(400);
    expect(response.body).toEqual({ error: expect.stringMatching(/callback/) });
  });

  it('verifies the bytes as sent: a signed body with unusual spacing is accepted as is', async () => {
    const raw = `{ "kind" : "status",  "carrier_message_id":"spaced-${Date.now()}", "status":"delivered", "at":"${new Date().toISOString()}" }`;
    await expect(postCallback(raw).expect(200)).resolves.toMatchObject({ body: { results: [{ outcome: 'unknown_message' }] } });
  });

  it('404 {error} for a carrier that is not the active one', async () => {
    const response = await http()
      .post('/v1/carrier/callbacks/twilio')
      .set(signCallback(SECRET, body, now()))
      .send(body)
      .expect(404);
    expect(response.body).toEqual({ error: expect.any(String) });
  });
});

describe('delivery receipts', () => {
  it('sent → delivered once: delivered_at and ts from the receipt, a repeated receipt is a no-op, message.delivered exactly once', async () => {
    const id = await queue(newPhone());
    const carrierId = await markSent(id);
    const first = await postCallback(receiptBody(carrierId, 'delivered')).expect(200);
    expect(first.body).toEqual({
      results: [{ kind: 'status', carrier_message_id: carrierId, outcome: 'applied', message_id: id }],
    });
    await expect(postCallback(receiptBody(carrierId, 'delivered')).expect(200)).resolves.toMatchObject({
      body: { results: [{ outcome: 'duplicate' }] },
    });
    const delivered = await row(id);
    expect(delivered).toMatchObject({ status: 'delivered', failureReason: null });
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    await expect(asA(http().get(`/v1/messages/${id}`)).expect(200)).resolves.toMatchObject({ body: { status: 'delivered' } });
    const [event] = await exactlyOnKafka('message.delivered', id);
    expect(validatePayload(messageEventSchema, event!.data)).toEqual([]);
  });

  it('sent → failed with the carrier’s reason; a later delivered receipt does not resurrect it', async () => {
    const id = await queue(newPhone());
    const carrierId = await markSent(id);
    await postCallback(receiptBody(carrierId, 'failed', 'unreachable handset')).expect(200);
    await expect(postCallback(receiptBody(carrierId, 'delivered')).expect(200)).resolves.toMatchObject({
      body: { results: [{ outcome: 'ignored' }] },
    });
    await expect(row(id)).resolves.toMatchObject({ status: 'failed', failureReason: 'unreachable handset', deliveredAt: null });
    const [event] = await exactlyOnKafka('message.failed', id);
    expect(event!.data).toMatchObject({ status: 'failed', reason: 'unreachable handset' });
  });

  it('200 for a receipt of an unknown carrier id (logged, nothing changes)', async () => {
    const response = await postCallback(receiptBody(`unknown-${Date.now()}`, 'delivered')).expect(200);
    expect(response.body).toMatchObject({ results: [{ outcome: 'unknown_message', message_id: null }] });
  });

  it('503 for a receipt whose message is not recorded as sent yet, so the carrier retries', async () => {
    const id = await queue(newPhone());
    await applyStatusEvent(suite.db.manager, {
      table: 'messaging.messages',
      id,
      event: 'claim',
      set: { carrier_message_id: `early_${id}` },
    });
    const response = await postCallback(receiptBody(`early_${id}`, 'delivered')).expect(503);
    expect(response.body).toEqual({ error: expect.stringMatching(/retry/) });
    await expect(row(id)).resolves.toMatchObject({ status: 'sending' });
  });

  it('a body of several receipts: applied in one request, each answered in order, each event once; a repeated receipt in it is a duplicate', async () => {
    const ids = [await queue(newPhone()), await queue(newPhone())];
    const carrierIds = [await markSent(ids[0]!), await markSent(ids[1]!)];
    const unknown = `unknown-${Date.now()}`;
    const body = [
      receiptBody(carrierIds[0]!, 'delivered'),
      receiptBody(unknown, 'delivered'),
      receiptBody(carrierIds[1]!, 'failed', 'unreachable handset'),
      receiptBody(carrierIds[0]!, 'delivered'),
    ];
    const response = await postCallback(body).expect(200);
    expect(response.body).toEqual({
      results: [
        { kind: 'status', carrier_message_id: carrierIds[0], outcome: 'applied', message_id: ids[0] },
        { kind: 'status', carrier_message_id: unknown, outcome: 'unknown_message', message_id: null },
        { kind: 'status', carrier_message_id: carrierIds[1], outcome: 'applied', message_id: ids[1] },
        { kind: 'status', carrier_message_id: carrierIds[0], outcome: 'duplicate', message_id: ids[0] },
      ],
    });
    await expect(row(ids[0]!)).resolves.toMatchObject({ status: 'delivered' });
    await expect(row(ids[1]!)).resolves.toMatchObject({ status: 'failed', failureReason: 'unreachable handset' });
    const [delivered] = await exactlyOnKafka('message.delivered', ids[0]!);
    expect(validatePayload(messageEventSchema, delivered!.data)).toEqual([]);
    await exactlyOnKafka('message.failed', ids[1]!);
    // The provider retries the whole body: nothing changes.
    const again = await postCallback(body).expect(200);
    expect(again.body.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'duplicate',
      'unknown_message',
      'duplicate',
      'duplicate',
    ]);
  });

  it('503 for a body with a receipt not recorded as sent yet; the others are applied, and the retried body completes', async () => {
    const ready = await queue(newPhone());
    const readyCarrierId = await markSent(ready);
    const early = await queue(newPhone());
    await applyStatusEvent(suite.db.manager, {
      table: 'messaging.messages',
      id: early,
      event: 'claim',
      set: { carrier_message_id: `early_${early}` },
    });
    const body = [receiptBody(readyCarrierId, 'delivered'), receiptBody(`early_${early}`, 'delivered')];
    await postCallback(body).expect(503);
    await expect(row(ready)).resolves.toMatchObject({ status: 'delivered' });
    await expect(row(early)).resolves.toMatchObject({ status: 'sending' });
    await applyStatusEvent(suite.db.manager, {
      table: 'messaging.messages',
      id: early,
      event: 'accept',
      set: { handed_over_at: new Date(), sent_at: new Date() },
    });
    const retried = await postCallback(body).expect(200);
    expect(retried.body.results.map((result: { outcome: string }) => result.outcome)).toEqual(['duplicate', 'applied']);
    await exactlyOnKafka('message.delivered', ready);
    await exactlyOnKafka('message.delivered', early);
  });

  it('the sandbox carrier’s own receipts arrive signed through the in-process sink, from the job its hand-off enqueued', async () => {
    // Not one ending in 13: the sandbox fails those (sandbox-rules.ts), and this test waits for `delivered`.
    let phone = newPhone(3);
    while (phone.endsWith('13')) phone = newPhone(3);
    const id = await queue(phone);
    const carrier = suite.app.get<Carrier>(CARRIER);
    const handOff = {
      messageId: id,
      from: A1,
      to: phone,
      channel: 'imessage' as const,
      body: 'Hello',
      attachments: [],
      effect: null,
    };
    const accepted = await carrier.send(handOff);
    await markSent(id, accepted.carrierMessageId);
    // As the hand-off does in the transaction of the `sent`: the receipt becomes a job, due at once (delay 0).
    await suite.db.transaction((manager) => carrier.recordAccepted!(manager, [{ request: handOff, result: accepted }]));
    await eventually(
      async () => (await row(id)).status,
      (status) => status === 'delivered',
      { timeoutMs: 10_000, what: 'the sandbox receipt' },
    );
    await exactlyOnKafka('message.delivered', id);
  });
});

describe('inbound messages', () => {
  it('stores an inbound message; conversation and contact show it; pins the workspace number; no conversation.replied without outbound', async () => {
    const person = newPhone();
    const response = await asA(http().post('/v1/sandbox/inbound'))
      .send({ from: person.slice(2), to: A2, body: 'Hi, is this the bakery?' })
      .expect(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      direction: 'inbound',
      channel: 'imessage',
      body: 'Hi, is this the bakery?',
      status: 'received',
      from_number: person,
      to: A2,
      sender: null,
      attachments: [],
      effect: null,
      sent_at: null,
      created_at: expect.any(String),
    });
    const conversation = await asA(http().get(`/v1/conversations/${person}`)).expect(200);
    expect(conversation.body.messages).toEqual([
      expect.objectContaining({ id: response.body.id, status: 'received', contact_phone: person, ts: expect.any(String) }),
    ]);
    const contact = await asA(http().get(`/v1/contacts/${person}`)).expect(200);
    expect(contact.body).toMatchObject({
      phone: person,
      first_name: null,
      opted_out: false,
      sender_number: A2,
      last_inbound_at: expect.any(String),
    });
    const pins = await suite.db.query(
      `SELECT number, reason FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2`,
      [A, person],
    );
    expect(pins).toEqual([{ number: A2, reason: 'inbound_message' }]);

    const [received] = await exactlyOnKafka('message.received', response.body.id);
    expect(validatePayload(messageEventSchema, received!.data)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      suite.events.filter(
        (event) =>
          event.type === 'conversation.replied' && (event.data as { message_id: string }).message_id === response.body.id,
      ),
    ).toEqual([]);

    // The following send uses the number the person wrote to.
    const sent = await queue(person);
    await expect(asA(http().get(`/v1/messages/${sent}`))).resolves.toMatchObject({ body: { from_number: A2 } });
  });

  it('conversation.replied names the latest outbound message the carrier had', async () => {
    const person = newPhone();
    const older = await queue(person, 'First');
    await markSent(older);
    const latest = await queue(person, 'Second');
    await markSent(latest);
    await queue(person, 'Still queued');
    const reply = await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: 'Sounds good' }).expect(200);
    const [event] = await exactlyOnKafka('conversation.replied', `${A}:${person}`);
    expect(validatePayload(conversationRepliedSchema, event!.data)).toEqual([]);
    expect(event!.data).toMatchObject({
      company_id: A,
      contact_phone: person,
      from_number: A1,
      message_id: reply.body.id,
      replied_to_message_id: latest,
      body: 'Sounds good',
      channel: reply.body.channel,
    });
    expect(['imessage', 'sms', 'mms']).toContain((event!.data as { channel: unknown }).channel);
  });

  it('a retried inbound callback (same carrier id) is stored once', async () => {
    const person = newPhone();
    const body = inboundBody(person, A1, 'Hello?');
    const first = await postCallback(body).expect(200);
    const again = await postCallback(body).expect(200);
    expect(first.body.results[0]).toMatchObject({ outcome: 'applied', message_id: expect.any(String) });
    expect(again.body.results[0]).toEqual({ ...first.body.results[0], outcome: 'duplicate' });
    await expect(asA(http().get(`/v1/conversations/${person}`))).resolves.toMatchObject({
      body: { messages: [expect.objectContaining({ body: 'Hello?' })] },
    });
    await exactlyOnKafka('message.received', first.body.results[0].message_id);
  });

  it('200, ignored, for a text to a number no workspace owns', async () => {
    const response = await postCallback(inboundBody(newPhone(), '+14155550199', 'anyone?')).expect(200);
    expect(response.body.results[0]).toMatchObject({ outcome: 'ignored', message_id: null });
  });
});

describe('opt-out and opt-in keywords', () => {
  it.each(['STOP', 'stop', '  Stop \n', 'STOPALL', 'Unsubscribe', 'cancel', 'END', 'quit', 'Revoke', 'OPTOUT'])(
    '%p opts out: sends 403, pending messages cancelled (opted_out), one confirmation, contact.opted_out exactly once',
    async (keyword) => {
      const person = newPhone();
      const queued = await queue(person, 'Queued');
      const claimed = await queue(person, 'Claimed, not handed over');
      await applyStatusEvent(suite.db.manager, { table: 'messaging.messages', id: claimed, event: 'claim' });
      const sent = await queue(person, 'Already with the carrier');
      await markSent(sent);

      await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: keyword }).expect(200);
      await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: 'STOP' }).expect(200);

      const refused = await asA(http().post('/v1/messages')).send({ to: person, message: 'Hello again' }).expect(403);
      expect(refused.body).toEqual({ error: expect.stringMatching(/opted out/) });
      await expect(row(queued)).resolves.toMatchObject({ status: 'cancelled', failureReason: 'opted_out' });
      await expect(row(claimed)).resolves.toMatchObject({ status: 'cancelled', failureReason: 'opted_out' });
      await expect(row(sent)).resolves.toMatchObject({ status: 'sent' });
      const contact = await asA(http().get(`/v1/contacts/${person}`)).expect(200);
      expect(contact.body).toMatchObject({
        opted_out: true,
        opted_out_keyword: keyword.trim().toUpperCase(),
        opted_out_at: expect.any(String),
      });

      const replies = await suite.db
        .getRepository(MessageEntity)
        .findBy({ companyId: A, contactPhone: person, sender: 'system' });
      expect(replies).toEqual([
        expect.objectContaining({
          status: 'queued',
          body: MESSAGING_DEFAULTS.optOutReply,
          fromNumber: A1,
          bypassWindow: true,
          bypassOptOut: true,
        }),
      ]);
      const [event] = await exactlyOnKafka('contact.opted_out', `${A}:${person}`);
      expect(validatePayload(contactOptChangeSchema, event!.data)).toEqual([]);
      expect(event!.data).toMatchObject({ company_id: A, phone: person, keyword: keyword.trim().toUpperCase() });
      const cancelled = await exactlyOnKafka('message.cancelled', queued);
      expect(cancelled[0]!.data).toMatchObject({ reason: 'opted_out' });
    },
  );

  it("a STOP while the scheduler holds the contact's pending text and records its hand-off: 200, then the text cancelled", async () => {
    // The scheduler's hand-off locks the message rows first and updates the contact last
    // (last_outbound_at); an inbound STOP locks the contact first. The STOP must not then wait for
    // the message rows while it holds the contact: that was a deadlock, and one of the two failed.
    const person = newPhone();
    const pending = await queue(person, 'Being handed over');
    const handOff = suite.db.createQueryRunner();
    await handOff.connect();
    try {
      await handOff.startTransaction();
      await handOff.query('SELECT id FROM messaging.messages WHERE id = $1 FOR UPDATE', [pending]);
      const stop = asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: 'STOP' });
      const answered = stop.then((response) => response.status);
      // The STOP's transaction has taken the contact by now, whatever it does next.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await handOff.query('UPDATE messaging.contacts SET last_outbound_at = now() WHERE company_id = $1 AND phone = $2', [
        A,
        person,
      ]);
      await handOff.commitTransaction();
      await expect(answered).resolves.toBe(200);
    } finally {
      if (handOff.isTransactionActive) await handOff.rollbackTransaction();
      await handOff.release();
    }
    await eventually(
      () => row(pending),
      (message) => message.status === 'cancelled',
      { what: 'the pending text cancelled' },
    );
    await expect(row(pending)).resolves.toMatchObject({ failureReason: 'opted_out' });
    await asA(http().post('/v1/messages')).send({ to: person, message: 'Again' }).expect(403);
  });

  it.each(['START', 'unstop', 'Yes'])('%p opts back in: sends work again, contact.opted_in once', async (keyword) => {
    const person = newPhone();
    await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: 'STOP' }).expect(200);
    await asA(http().post('/v1/messages')).send({ to: person, message: 'Hi' }).expect(403);
    await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A1, body: keyword }).expect(200);
    await asA(http().post('/v1/messages')).send({ to: person, message: 'Welcome back' }).expect(200);
    await expect(asA(http().get(`/v1/contacts/${person}`))).resolves.toMatchObject({
      body: { opted_out: false, opted_in_at: expect.any(String) },
    });
    const [event] = await exactlyOnKafka('contact.opted_in', `${A}:${person}`);
    expect(event!.data).toMatchObject({ keyword: keyword.toUpperCase() });
  });

  it('HELP queues the workspace’s configured auto-reply from the number written to, outside the send window', async () => {
    await internal(http().put(`/internal/workspaces/${A}/settings`))
      .send({ help_reply: 'Acme Bakery: call 555-0100. Reply STOP to opt out.' })
      .expect(200);
    const person = newPhone();
    await asA(http().post('/v1/sandbox/inbound')).send({ from: person, to: A2, body: ' help ' }).expect(200);
    const [reply] = await suite.db
      .getRepository(MessageEntity)
      .findBy({ companyId: A, contactPhone: person, direction: 'outbound' });
    expect(reply).toMatchObject({
      status: 'queued',
      sender: 'system',
      body: 'Acme Bakery: call 555-0100. Reply STOP to opt out.',
      fromNumber: A2,
      bypassWindow: true,
    });
    await exactlyOnKafka('message.queued', reply!.id);
    await internal(http().put(`/internal/workspaces/${A}/settings`))
      .send({})
      .expect(200);
  });
});

describe('POST /v1/sandbox/inbound', () => {
  it('404 {error} when `to` is not one of the caller’s numbers (another workspace’s, or nobody’s)', async () => {
    for (const to of [B1, '+14155550199']) {
      const response = await asA(http().post('/v1/sandbox/inbound')).send({ from: newPhone(), to, body: 'hi' }).expect(404);
      expect(response.body).toEqual({ error: expect.stringContaining('sender numbers') });
    }
    await http().post('/v1/sandbox/inbound').set('x-api-key', keyB).send({ from: newPhone(), to: B1, body: 'hi' }).expect(200);
  });

  it.each([
    ['a bad from', { from: 'nope', to: A1, body: 'hi' }],
    ['a bad to', { from: '2125550100', to: '12345', body: 'hi' }],
    ['an empty body', { from: '2125550100', to: A1, body: '' }],
    ['a missing body', { from: '2125550100', to: A1 }],
    ['an unknown field', { from: '2125550100', to: A1, body: 'hi', carrier: 'x' }],
    ['from equal to to', { from: A1, to: A1, body: 'hi' }],
  ])('400 {error} for %s', async (_case, body) => {
    const response = await asA(http().post('/v1/sandbox/inbound')).send(body).expect(400);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it('401 without an API key', async () => {
    await http().post('/v1/sandbox/inbound').send({ from: newPhone(), to: A1, body: 'hi' }).expect(401);
  });
});
