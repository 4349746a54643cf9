import type { INestApplication } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { generateOpaqueCredential, messageEventSchema, Topics, validatePayload, type MessageEventData } from '@suite/contracts';
import { applyStatusEvent } from '@suite/message-status';
import { eventually } from '@suite/testing';
import { poolNumberFor } from './sender-numbers/pin-decision';
import {
  feedRevokedApiKey,
  INTERNAL_TOKEN,
  newCompanyId,
  newPhone,
  newWorkspace,
  startMessagingTestApp,
  type MessagingTestApp,
} from './testing';

/**
 * The messaging API against the booted app, real PostgreSQL and Kafka, through the messaging test
 * harness (`./testing`). Workspaces and their API keys reach the app the production way:
 * `company.created`, `credential.issued` and `credential.revoked` events appended to the outbox
 * travel through Kafka to the app's own replica consumers (the same handlers that consume the
 * platform's and auth's topics) — no test-only write path into the replicas. Message events are
 * read back from Kafka with a consumer of the test's topic prefix.
 */
/** Sender numbers (fictional 555-01xx range). */
const A1 = '+14155550101';
const A2 = '+14155550102';
const B1 = '+14155550111';

/** Two workspaces, A with sender number A1 and B with B1; and a company nobody created. */
const workspaceA = newWorkspace([A1]);
const workspaceB = newWorkspace([B1]);
const A = workspaceA.companyId;
const B = workspaceB.companyId;
const UNKNOWN_COMPANY = newCompanyId();
const keyA = workspaceA.apiKey;
const keyB = workspaceB.apiKey;
const revokedKey = generateOpaqueCredential('api_key');

let suite: MessagingTestApp<MessageEventData>;
let app: INestApplication;
let db: DataSource;

const http = () => request(app.getHttpServer());
const asA = (r: request.Test) => r.set('x-api-key', keyA);
const asB = (r: request.Test) => r.set('x-api-key', keyB);
const send = (body: Record<string, unknown>, key = keyA) => http().post('/v1/messages').set('x-api-key', key).send(body);
const internal = (r: request.Test) => r.set('x-internal-token', INTERNAL_TOKEN);

beforeAll(async () => {
  suite = await startMessagingTestApp<MessageEventData>({
    name: 'messaging-api',
    // This spec checks the API's queued messages; the release scheduler has its own specs (release-scheduler/).
    scheduler: 'off',
    workspaces: [workspaceA, workspaceB],
    topics: [Topics.messagingMessage],
  });
  ({ app, db } = suite);
  await feedRevokedApiKey(app, A, revokedKey);
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const eventsOf = (messageId: string) => suite.events.filter((event) => event.subject === messageId);

describe('POST /v1/messages', () => {
  it('queues a message: 200 {id, status, to}, the contact is created with first_name, message.queued on Kafka exactly once', async () => {
    const to = newPhone();
    const response = await send({
      to,
      message: 'Hello there',
      first_name: 'Ada',
      attachments: ['https://example.com/a.png'],
      effect: 'confetti',
    }).expect(200);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', to });

    const message = await asA(http().get(`/v1/messages/${response.body.id}`)).expect(200);
    expect(message.body).toEqual({
      id: response.body.id,
      direction: 'outbound',
      channel: null,
      body: 'Hello there',
      status: 'queued',
      from_number: A1,
      to,
      sender: 'human',
      attachments: ['https://example.com/a.png'],
      effect: 'confetti',
      sent_at: null,
      created_at: expect.any(String),
      // Not handed to a provider yet: no attempt (docs/carriers.md, "Hand-offs").
      hand_offs: [],
    });

    const contact = await asA(http().get(`/v1/contacts/${to}`)).expect(200);
    expect(contact.body).toMatchObject({ phone: to, first_name: 'Ada', opted_out: false, sender_number: A1, channel: null });

    const events = await suite.kafka.waitFor((event) => event.subject === response.body.id, { what: 'message.queued on Kafka' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'message.queued',
      company_id: A,
      data: {
        message_id: response.body.id,
        company_id: A,
        direction: 'outbound',
        status: 'queued',
        from_number: A1,
        to,
        contact_phone: to,
        body: 'Hello there',
        sender: 'human',
        attachments: ['https://example.com/a.png'],
        effect: 'confetti',
        channel: null,
        sent_at: null,
        reason: null,
      },
    });
    expect(events[0]!.data.ts).toBe(events[0]!.data.created_at);
  });

  it('normalises a 10-digit US number to E.164 and stores first_name only when the contact is new', async () => {
    const e164 = newPhone();
    const first = await send({ to: e164.slice(2), message: 'one', first_name: 'Grace' }).expect(200);
    expect(first.body.to).toBe(e164);
    await send({
      to: `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`,
      message: 'two',
      first_name: 'Someone Else',
    }).expect(200);
    const contact = await asA(http().get(`/v1/contacts/${e164.slice(2)}`)).expect(200);
    expect(contact.body).toMatchObject({ phone: e164, first_name: 'Grace' });
  });

  it.each([
    ['missing to', { message: 'hi' }, /^to is required$/],
    ['an invalid number', { to: '+15555550123', message: 'hi' }, /to must be a valid phone number/],
    ['a 9-digit number', { to: '415555012', message: 'hi' }, /to must be a valid phone number/],
    ['to not a string', { to: 4155550123, message: 'hi' }, /to must be a valid phone number/],
    ['missing message', { to: '+14155550123' }, /^message is required$/],
    ['an empty message', { to: '+14155550123', message: '' }, /message must not be empty/],
    ['a blank message', { to: '+14155550123', message: '   ' }, /message must not be empty/],
    ['message not a string', { to: '+14155550123', message: 12 }, /message must be a string/],
    ['a message of 2001 characters', { to: '+14155550123', message: 'x'.repeat(2001) }, /at most 2000 characters/],
    ['first_name over 100', { to: '+14155550123', message: 'hi', first_name: 'x'.repeat(101) }, /first_name/],
    [
      '11 attachments',
      { to: '+14155550123', message: 'hi', attachments: Array.from({ length: 11 }, (_, i) => `https://e.com/${i}.png`) },
      /at most 10/,
    ],
    ['an http attachment', { to: '+14155550123', message: 'hi', attachments: ['http://example.com/a.png'] }, /https URL/],
    ['a data: attachment', { to: '+14155550123', message: 'hi', attachments: ['data:image/png;base64,AAAA'] }, /https URL/],
    ['a relative attachment', { to: '+14155550123', message: 'hi', attachments: ['/a.png'] }, /https URL/],
    [
      'an attachment URL over 2048',
      { to: '+14155550123', message: 'hi', attachments: [`https://example.com/${'a'.repeat(2040)}`] },
      /2048/,
    ],
    ['attachments not an array', { to: '+14155550123', message: 'hi', attachments: 'https://example.com/a.png' }, /attachments/],
    ['an unknown effect', { to: '+14155550123', message: 'hi', effect: 'sparkles' }, /effect must be one of slam/],
    ['an unknown field', { to: '+14155550123', message: 'hi', priority: 'high' }, /priority should not exist/],
  ])('400 for %s', async (_label, body, error) => {
    const before = await db.query('SELECT count(*)::int AS n FROM messaging.messages');
    const response = await send(body).expect(400);
    expect(response.body).toEqual({ error: expect.stringMatching(error) });
    await expect(db.query('SELECT count(*)::int AS n FROM messaging.messages')).resolves.toEqual(before);
  });

  it('accepts exactly 10 https attachments and a 2000-character message', async () => {
    await send({
      to: newPhone(),
      message: 'x'.repeat(2000),
      attachments: Array.from({ length: 10 }, (_, i) => `https://e.com/${i}.png`),
    }).expect(200);
  });

  it('400 {error} for malformed JSON or a body that is not an object, not 500', async () => {
    for (const raw of ['{"to": ', '[1]', '"text"', 'null']) {
      const response = await http()
        .post('/v1/messages')
        .set('x-api-key', keyA)
        .set('content-type', 'application/json')
        .send(raw)
        .expect(400);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
  });

  it('413 {error} for a body over 1 MiB, 415 {error} for a body that is not JSON — before anything is read or written', async () => {
    const big = await http()
      .post('/v1/messages')
      .set('x-api-key', keyA)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ to: newPhone(), message: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(big.body).toEqual({ error: 'The request body is too large.' });
    const text = await http()
      .post('/v1/messages')
      .set('x-api-key', keyA)
      .set('content-type', 'text/plain')
      .send('hello')
      .expect(415);
    expect(text.body).toEqual({ error: expect.stringMatching(/application\/json/) });
  });

  it('403 when the contact opted out, and nothing is queued', async () => {
    const to = newPhone();
    await send({ to, message: 'before' }).expect(200);
    await db.query(
      `UPDATE messaging.contacts SET opted_out = true, opted_out_at = now(), opted_out_keyword = 'STOP' WHERE company_id = $1 AND phone = $2`,
      [A, to],
    );
    const response = await send({ to, message: 'after' }).expect(403);
    expect(response.body).toEqual({ error: expect.stringMatching(/opted out/) });
    const rows = await db.query(
      'SELECT count(*)::int AS n FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2',
      [A, to],
    );
    expect(rows[0].n).toBe(1);
  });

  it('409 when the workspace has no active sender number', async () => {
    await internal(http().delete(`/internal/workspaces/${B}/sender-numbers/${encodeURIComponent(B1)}`)).expect(200);
    try {
      const response = await send({ to: newPhone(), message: 'hi' }, keyB).expect(409);
      expect(response.body).toEqual({ error: expect.stringMatching(/add a sender number/) });
    } finally {
      await internal(http().post(`/internal/workspaces/${B}/sender-numbers`))
        .send({ number: B1 })
        .expect(201);
    }
  });
});

describe('group commit (sends that arrive together share a transaction)', () => {
  /** The send batch histogram's count and sum from GET /metrics. */
  async function batchTotals(): Promise<{ batches: number; sends: number }> {
    const text = (await http().get('/metrics').expect(200)).text;
    const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    return { batches: read('messaging_send_batch_size_count'), sends: read('messaging_send_batch_size_sum') };
  }

  it('answers each send of a mixed burst on its own: queued, 403 opted out, 409 no number — and a refusal leaves nothing behind', async () => {
    const optedOut = newPhone();
    await send({ to: optedOut, message: 'before' }).expect(200);
    await db.query(
      `UPDATE messaging.contacts SET opted_out = true, opted_out_at = now(), opted_out_keyword = 'STOP' WHERE company_id = $1 AND phone = $2`,
      [A, optedOut],
    );
    const repeated = newPhone();
    const fresh = Array.from({ length: 12 }, () => newPhone());
    const unreachable = Array.from({ length: 4 }, () => newPhone());
    await internal(http().delete(`/internal/workspaces/${B}/sender-numbers/${encodeURIComponent(B1)}`)).expect(200);
    try {
      const before = await batchTotals();
      const burst = [
        ...fresh.map((to) => ({ kind: 'queued', request: () => send({ to, message: 'burst', first_name: 'Fresh' }) })),
        ...Array.from({ length: 6 }, (_, i) => ({
          kind: 'queued',
          request: () => send({ to: repeated, message: `burst ${i}`, first_name: `R${i}` }),
        })),
        ...Array.from({ length: 3 }, () => ({ kind: 'opted out', request: () => send({ to: optedOut, message: 'burst' }) })),
        ...unreachable.map((to) => ({
          kind: 'no number',
          request: () => send({ to, message: 'burst', first_name: 'Nobody' }, keyB),
        })),
      ];
      const responses = await Promise.all(burst.map((entry) => entry.request()));
      const statusOf = { queued: 200, 'opted out': 403, 'no number': 409 } as Record<string, number>;
      expect(responses.map((response) => response.status)).toEqual(burst.map((entry) => statusOf[entry.kind]));
      responses.forEach((response, i) => {
        if (burst[i]!.kind === 'queued')
          expect(response.body).toEqual({ id: expect.any(String), status: 'queued', to: expect.any(String) });
        else
          expect(response.body).toEqual({
            error: expect.stringMatching(burst[i]!.kind === 'opted out' ? /opted out/ : /add a sender number/),
          });
      });

      // The burst was batched: fewer transactions than sends.
      const after = await batchTotals();
      expect(after.sends - before.sends).toBe(burst.length);
      expect(after.batches - before.batches).toBeLessThan(burst.length);

      // Each queued send is its own message; the repeated contact was created once, with one of the names, and pinned once.
      const queuedIds = responses.filter((response) => response.status === 200).map((response) => response.body.id as string);
      const rows: Array<{ id: string; contact_phone: string; from_number: string }> = await db.query(
        'SELECT id, contact_phone, from_number FROM messaging.messages WHERE id = ANY($1::uuid[])',
        [queuedIds],
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...queuedIds].sort());
      const [contact] = await db.query('SELECT first_name FROM messaging.contacts WHERE company_id = $1 AND phone = $2', [
        A,
        repeated,
      ]);
      expect(contact.first_name).toMatch(/^R[0-5]$/);
      expect(new Set(rows.filter((row) => row.contact_phone === repeated).map((row) => row.from_number)).size).toBe(1);
      const pins = await db.query(
        'SELECT count(*)::int AS n FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2',
        [A, repeated],
      );
      expect(pins[0].n).toBe(1);
      // Refused sends wrote nothing: no message to the opted-out contact, no contact in the workspace without numbers.
      const toOptedOut = await db.query(
        'SELECT count(*)::int AS n FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2',
        [A, optedOut],
      );
      expect(toOptedOut[0].n).toBe(1);
      const created = await db.query(
        'SELECT count(*)::int AS n FROM messaging.contacts WHERE company_id = $1 AND phone = ANY($2::text[])',
        [B, unreachable],
      );
      expect(created[0].n).toBe(0);
    } finally {
      await internal(http().post(`/internal/workspaces/${B}/sender-numbers`))
        .send({ number: B1 })
        .expect(201);
    }
  });
  it('writes each message.queued with its own caller’s trace, though the sends shared a transaction', async () => {
    // The trace context is entered before Fastify reads the body and must survive it; the batch
    // then runs in one caller's context, so each event must take its trace from its own send.
    const traceIds = Array.from({ length: 16 }, () => randomBytes(16).toString('hex'));
    const before = await batchTotals();
    const responses = await Promise.all(
      traceIds.map((traceId) =>
        send({ to: newPhone(), message: 'traced' }).set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`).expect(200),
      ),
    );
    const after = await batchTotals();
    expect(after.batches - before.batches).toBeLessThan(traceIds.length);
    const ids = responses.map((response) => response.body.id as string);
    const rows: Array<{ subject: string; traceparent: string | null }> = await db.query(
      `SELECT subject, envelope::jsonb->>'traceparent' AS traceparent FROM messaging.outbox WHERE type = 'message.queued' AND subject = ANY($1::text[])`,
      [ids],
    );
    const traceOf = new Map(rows.map((row) => [row.subject, row.traceparent?.split('-')[1]]));
    expect(ids.map((id) => traceOf.get(id))).toEqual(traceIds);
  });
});

describe('authentication', () => {
  it.each([
    ['missing', undefined],
    ['unknown', generateOpaqueCredential('api_key')],
    ['revoked', revokedKey],
    ['garbage', 'not-a-key'],
  ])('401 {error} when the x-api-key is %s', async (_label, key) => {
    for (const call of [
      http().post('/v1/messages').send({ to: '+14155550123', message: 'hi' }),
      http().get('/v1/messages/list'),
      http().get(`/v1/messages/${randomUUID()}`),
      http().delete(`/v1/messages/${randomUUID()}`),
      http().get('/v1/conversations/+14155550123'),
      http().get('/v1/contacts/+14155550123'),
    ]) {
      const response = await (key === undefined ? call : call.set('x-api-key', key)).expect(401);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('GET /v1/messages/{id}', () => {
  it('404 {error} for an unknown id, a malformed id and another workspace’s message', async () => {
    const { body } = await send({ to: newPhone(), message: 'mine' }).expect(200);
    for (const [call, id] of [
      [asA, randomUUID()],
      [asA, 'not-a-uuid'],
      [asB, body.id as string],
    ] as const) {
      const response = await call(http().get(`/v1/messages/${id}`)).expect(404);
      expect(response.body).toEqual({ error: 'Message not found.' });
    }
  });
});

describe('DELETE /v1/messages/{id}', () => {
  it('cancels a queued message (200, the resource), again 200 when already cancelled, message.cancelled once', async () => {
    const { body } = await send({ to: newPhone(), message: 'cancel me' }).expect(200);
    const cancelled = await asA(http().delete(`/v1/messages/${body.id}`)).expect(200);
    expect(cancelled.body).toMatchObject({ id: body.id, status: 'cancelled', body: 'cancel me' });
    const again = await asA(http().delete(`/v1/messages/${body.id}`)).expect(200);
    expect(again.body).toMatchObject({ id: body.id, status: 'cancelled' });

    const events = await eventually(
      async () => eventsOf(body.id),
      (found) => found.some((event) => event.type === 'message.cancelled'),
      { what: 'message.cancelled on Kafka' },
    );
    expect(events.map((event) => event.type)).toEqual(['message.queued', 'message.cancelled']);
    expect(events[1]!.data).toMatchObject({ status: 'cancelled', reason: 'cancelled_by_customer' });
  });

  it('cancels a claimed (in flight, not handed over) message', async () => {
    const { body } = await send({ to: newPhone(), message: 'in flight' }).expect(200);
    await expect(
      applyStatusEvent(db.manager, { table: 'messaging.messages', id: body.id, event: 'claim' }),
    ).resolves.toMatchObject({ applied: true });
    await asA(http().delete(`/v1/messages/${body.id}`)).expect(200);
  });

  it('409 once the carrier has it (sent), or once it was handed over', async () => {
    const sent = (await send({ to: newPhone(), message: 'too late' }).expect(200)).body.id as string;
    await applyStatusEvent(db.manager, { table: 'messaging.messages', id: sent, event: 'claim' });
    await applyStatusEvent(db.manager, { table: 'messaging.messages', id: sent, event: 'accept', set: { sent_at: new Date() } });
    const response = await asA(http().delete(`/v1/messages/${sent}`)).expect(409);
    expect(response.body).toEqual({ error: expect.stringMatching(/too late.*carrier already has/i) });
    await expect(asA(http().get(`/v1/messages/${sent}`)).expect(200)).resolves.toMatchObject({ body: { status: 'sent' } });

    const handedOver = (await send({ to: newPhone(), message: 'handed over' }).expect(200)).body.id as string;
    await applyStatusEvent(db.manager, {
      table: 'messaging.messages',
      id: handedOver,
      event: 'claim',
      set: { handed_over_at: new Date() },
    });
    await asA(http().delete(`/v1/messages/${handedOver}`)).expect(409);
  });

  it('404 for an unknown, malformed or foreign id', async () => {
    const { body } = await send({ to: newPhone(), message: 'not yours' }).expect(200);
    await asA(http().delete(`/v1/messages/${randomUUID()}`)).expect(404);
    await asA(http().delete('/v1/messages/123')).expect(404);
    await asB(http().delete(`/v1/messages/${body.id}`)).expect(404);
    await expect(asA(http().get(`/v1/messages/${body.id}`)).expect(200)).resolves.toMatchObject({ body: { status: 'queued' } });
  });
});

describe('GET /v1/messages/list', () => {
  it('newest first, filtered by to and status, limited; ts and contact_phone on each; only the caller’s workspace', async () => {
    const to = newPhone();
    const ids: string[] = [];
    for (const text of ['first', 'second', 'third']) ids.push((await send({ to, message: text }).expect(200)).body.id);
    await asA(http().delete(`/v1/messages/${ids[1]}`)).expect(200);
    await send({ to, message: 'B writes to the same number' }, keyB).expect(200);

    const all = await asA(http().get('/v1/messages/list').query({ to })).expect(200);
    expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.messages[0]).toMatchObject({ contact_phone: to, to, ts: all.body.messages[0].created_at, body: 'third' });

    const tenDigit = await asA(
      http()
        .get('/v1/messages/list')
        .query({ to: to.slice(2), status: 'queued' }),
    ).expect(200);
    expect(tenDigit.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[0]]);
    const cancelled = await asA(http().get('/v1/messages/list').query({ to, status: 'cancelled' })).expect(200);
    expect(cancelled.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[1]]);
    const limited = await asA(http().get('/v1/messages/list').query({ to, limit: 1 })).expect(200);
    expect(limited.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[2]]);

    const unfiltered = await asA(http().get('/v1/messages/list').query({ limit: 200 })).expect(200);
    expect(unfiltered.body.messages.length).toBeGreaterThan(3);
    const createdAt = unfiltered.body.messages.map((m: { created_at: string }) => m.created_at);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    const ofB = await asB(http().get('/v1/messages/list').query({ to })).expect(200);
    expect(ofB.body.messages).toHaveLength(1);
  });

  it('a `+` that a query string turned into a space still finds the contact', async () => {
    const to = newPhone();
    await send({ to, message: 'plus' }).expect(200);
    const response = await asA(http().get(`/v1/messages/list?to=${to}`)).expect(200);
    expect(response.body.messages).toHaveLength(1);
  });

  it.each([
    [{ limit: 0 }, /limit/],
    [{ limit: 201 }, /limit/],
    [{ limit: 'ten' }, /limit/],
    [{ limit: 1.5 }, /limit/],
    [{ status: 'sending' }, /status must be one of/],
    [{ status: 'bogus' }, /status must be one of/],
    [{ to: '12' }, /to must be a valid phone number/],
    [{ page: 2 }, /page should not exist/],
  ])('400 for %j', async (query, error) => {
    const response = await asA(http().get('/v1/messages/list').query(query)).expect(400);
    expect(response.body).toEqual({ error: expect.stringMatching(error) });
  });

  it('says what is wrong with limit once', async () => {
    const response = await asA(http().get('/v1/messages/list?limit=abc')).expect(400);
    expect(response.body).toEqual({ error: 'limit must be an integer between 1 and 200' });
  });
});

describe('GET /v1/conversations/{phone}', () => {
  it('the newest `limit` messages, oldest first, by either phone form; 404 for none or another workspace’s', async () => {
    const to = newPhone();
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c']) ids.push((await send({ to, message: text }).expect(200)).body.id);

    for (const form of [to, encodeURIComponent(to), to.slice(2)]) {
      const response = await asA(http().get(`/v1/conversations/${form}`)).expect(200);
      expect(response.body.phone).toBe(to);
      expect(response.body.messages.map((m: { id: string }) => m.id)).toEqual(ids);
      expect(response.body.messages[0]).toMatchObject({ contact_phone: to, ts: expect.any(String) });
    }
    const limited = await asA(http().get(`/v1/conversations/${to}`).query({ limit: 2 })).expect(200);
    expect(limited.body.messages.map((m: { id: string }) => m.id)).toEqual([ids[1], ids[2]]);

    await asA(http().get(`/v1/conversations/${to}`).query({ limit: 501 })).expect(400);
    await asA(http().get(`/v1/conversations/${to}`).query({ limit: 500 })).expect(200);
    const none = await asA(http().get(`/v1/conversations/${newPhone()}`)).expect(404);
    expect(none.body).toEqual({ error: expect.stringMatching(/No conversation/) });
    await asB(http().get(`/v1/conversations/${to}`)).expect(404);
    await asA(http().get('/v1/conversations/not-a-phone')).expect(400);
  });
});

describe('GET /v1/contacts/{phone}', () => {
  it('404 when unknown or another workspace’s', async () => {
    const to = newPhone();
    await send({ to, message: 'hi', first_name: 'Lin' }).expect(200);
    await asA(http().get(`/v1/contacts/${encodeURIComponent(to)}`)).expect(200);
    const foreign = await asB(http().get(`/v1/contacts/${to}`)).expect(404);
    expect(foreign.body).toEqual({ error: expect.any(String) });
    await asA(http().get(`/v1/contacts/${newPhone()}`)).expect(404);
  });
});

describe('sticky sender', () => {
  it('keeps the pinned number; pins new contacts by the hash of their phone; re-pins when the number is removed and records it', async () => {
    await internal(http().post(`/internal/workspaces/${A}/sender-numbers`))
      .send({ number: A2 })
      .expect(201);
    try {
      // The rule (decision 0011 §6) is predictable: a phone whose hash over the pool [A1, A2] picks A2.
      let to = newPhone();
      while (poolNumberFor(to, [A1, A2]) !== A2) to = newPhone();
      const first = (await send({ to, message: 'one' }).expect(200)).body.id;
      const pinned = (await asA(http().get(`/v1/messages/${first}`))).body.from_number as string;
      expect(pinned).toBe(A2);
      const second = (await send({ to, message: 'two' }).expect(200)).body.id;
      await expect(asA(http().get(`/v1/messages/${second}`))).resolves.toMatchObject({ body: { from_number: pinned } });
      // Sticky: with the pool unchanged, a phone that hashes to A1 still gets A1 — and keeps it.
      let other = newPhone();
      while (poolNumberFor(other, [A1, A2]) !== A1) other = newPhone();
      const toOther = (await send({ to: other, message: 'hi' }).expect(200)).body.id;
      await expect(asA(http().get(`/v1/messages/${toOther}`))).resolves.toMatchObject({ body: { from_number: A1 } });

      await internal(http().delete(`/internal/workspaces/${A}/sender-numbers/${encodeURIComponent(A2)}`)).expect(200);
      const third = (await send({ to, message: 'three' }).expect(200)).body.id;
      await expect(asA(http().get(`/v1/messages/${third}`))).resolves.toMatchObject({ body: { from_number: A1 } });
      await expect(asA(http().get(`/v1/contacts/${to}`))).resolves.toMatchObject({ body: { sender_number: A1 } });
      const changes = await db.query(
        'SELECT previous_number, number, reason FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2 ORDER BY id',
        [A, to],
      );
      expect(changes).toEqual([
        { previous_number: null, number: A2, reason: 'first_message' },
        { previous_number: A2, number: A1, reason: 'number_removed' },
      ]);
    } finally {
      await internal(http().delete(`/internal/workspaces/${A}/sender-numbers/${encodeURIComponent(A2)}`)).expect(200);
    }
  });

  it('concurrent first messages to one new contact pin one number, recorded once', async () => {
    await internal(http().post(`/internal/workspaces/${A}/sender-numbers`))
      .send({ number: A2 })
      .expect(201);
    try {
      const to = newPhone();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => send({ to, message: `race ${i}`, first_name: `N${i}` })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
      const numbers = await db.query(
        'SELECT DISTINCT from_number FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2',
        [A, to],
      );
      expect(numbers).toHaveLength(1);
      const changes = await db.query(
        'SELECT count(*)::int AS n FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2',
        [A, to],
      );
      expect(changes[0].n).toBe(1);
    } finally {
      await internal(http().delete(`/internal/workspaces/${A}/sender-numbers/${encodeURIComponent(A2)}`)).expect(200);
    }
  });
});

describe('internal API', () => {
  it('401 without or with a wrong x-internal-token', async () => {
    await http().get(`/internal/workspaces/${A}/sender-numbers`).expect(401);
    await http().get(`/internal/workspaces/${A}/settings`).set('x-internal-token', 'wrong').expect(401);
  });

  it('404 for a company the replica does not know', async () => {
    for (const call of [
      http().get(`/internal/workspaces/${UNKNOWN_COMPANY}/sender-numbers`),
      http().post(`/internal/workspaces/${UNKNOWN_COMPANY}/sender-numbers`).send({ number: '+14155550199' }),
      http().get(`/internal/workspaces/${UNKNOWN_COMPANY}/settings`),
      http().put(`/internal/workspaces/${UNKNOWN_COMPANY}/settings`).send({}),
      http().get('/internal/workspaces/abc/settings'),
    ]) {
      const response = await internal(call).expect(404);
      expect(response.body).toEqual({ error: expect.stringMatching(/not found/) });
    }
  });

  it('sender numbers: list, 400 bad number, 409 another workspace’s number, 404 removing an unknown one', async () => {
    const list = await internal(http().get(`/internal/workspaces/${A}/sender-numbers`)).expect(200);
    expect(list.body.sender_numbers).toEqual(
      expect.arrayContaining([expect.objectContaining({ number: A1, company_id: A, status: 'active' })]),
    );
    await internal(http().post(`/internal/workspaces/${A}/sender-numbers`))
      .send({ number: '12345' })
      .expect(400);
    await internal(http().post(`/internal/workspaces/${A}/sender-numbers`))
      .send({})
      .expect(400);
    const taken = await internal(http().post(`/internal/workspaces/${A}/sender-numbers`))
      .send({ number: B1 })
      .expect(409);
    expect(taken.body).toEqual({ error: expect.stringMatching(/another workspace/) });
    await internal(http().delete(`/internal/workspaces/${A}/sender-numbers/${encodeURIComponent('+14155550198')}`)).expect(404);
    await internal(http().delete(`/internal/workspaces/${A}/sender-numbers/${encodeURIComponent(B1)}`)).expect(404);
  });

  it('settings: defaults, overrides, back to defaults; 400 for a bad window', async () => {
    const defaults = await internal(http().get(`/internal/workspaces/${B}/settings`)).expect(200);
    expect(defaults.body).toEqual({
      company_id: B,
      send_window_start: '08:00',
      send_window_end: '21:00',
      help_reply: expect.any(String),
      per_second_rate: 1,
      warmup_days: 14,
      daily_new_contacts_start: 10,
      daily_new_contacts_max: 50,
      overridden: [],
    });
    const put = await internal(http().put(`/internal/workspaces/${B}/settings`))
      .send({ send_window_start: '09:30', send_window_end: '18:00', help_reply: 'Call us at 555-0100.', per_second_rate: 0.5 })
      .expect(200);
    expect(put.body).toMatchObject({
      send_window_start: '09:30',
      send_window_end: '18:00',
      help_reply: 'Call us at 555-0100.',
      per_second_rate: 0.5,
      warmup_days: 14,
      overridden: ['send_window_start', 'send_window_end', 'help_reply', 'per_second_rate'],
    });
    await expect(internal(http().get(`/internal/workspaces/${B}/settings`)).expect(200)).resolves.toMatchObject({
      body: put.body,
    });

    for (const body of [
      { send_window_start: '9:00' },
      { send_window_start: '24:00' },
      { send_window_end: '08:61' },
      { send_window_start: '21:00', send_window_end: '08:00' },
      { send_window_start: '10:00', send_window_end: '10:00' },
      { send_window_start: '22:00' },
      { daily_new_contacts_start: 300 },
      { per_second_rate: 0 },
      { warmup_days: 1.5 },
      { colour: 'blue' },
    ]) {
      const response = await internal(http().put(`/internal/workspaces/${B}/settings`))
        .send(body)
        .expect(400);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
    await internal(http().put(`/internal/workspaces/${B}/settings`))
      .send({})
      .expect(200);
    await expect(internal(http().get(`/internal/workspaces/${B}/settings`))).resolves.toMatchObject({
      body: { overridden: [], send_window_start: '08:00' },
    });
  });
});

describe('events', () => {
  it('every outbound message the API queued produced exactly one message.queued, with a valid payload', async () => {
    const rows: Array<{ id: string }> = await db.query(
      `SELECT id FROM messaging.messages WHERE company_id = ANY($1::bigint[]) AND direction = 'outbound'`,
      [[A, B]],
    );
    const queued = await suite.kafka.waitFor((event) => event.type === 'message.queued', {
      count: rows.length,
      what: 'a message.queued per message',
    });
    expect(queued.map((event) => event.subject).sort()).toEqual(rows.map((row) => row.id).sort());
    for (const event of queued) expect(validatePayload(messageEventSchema, event.data)).toEqual([]);
  });
});
