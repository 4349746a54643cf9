import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Topics, type MessageEventData } from '@suite/contracts';
import { eventually, TestClock } from '@suite/testing';
import { INTERNAL_TOKEN, newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp } from '../testing';
import { clockAndCarrier } from './testing/clock-and-carrier';
import { RecordingCarrier } from './testing/recording-carrier';

/**
 * The release scheduler in the booted app (real PostgreSQL and Kafka) with a controllable clock
 * and a recording carrier that applies the sandbox's rules: channel choice, the send window,
 * pacing and warm-up, sticky sender, opt-out, carrier outage, and the cancel race.
 */
jest.setTimeout(120_000);

/** 10:00 in New York (EST), a Tuesday: inside the default window. */
const MORNING = new Date('2030-03-05T15:00:00.000Z');
/** 22:00 in New York the same day: outside it. */
const NIGHT = new Date('2030-03-06T03:00:00.000Z');
/** 08:00 in New York the next morning: the window opens. */
const NEXT_OPENING = new Date('2030-03-06T13:00:00.000Z');

const clock = new TestClock(MORNING).run();
const carrier = new RecordingCarrier(clock);
/** General: fast pacing, no warm-up limit worth mentioning. */
const main = newWorkspace(['+14155550201', '+14155550202']);
/** Pacing: 1 msg/s (default), 3 new contacts a day, no warm-up ramp. */
const paced = newWorkspace(['+14155550211']);
/** A narrower window, 10:00–12:00. */
const narrow = newWorkspace(['+14155550221']);
/** Auto-replies: a number of its own, so no earlier test's pacing slot (taken at a later clock time) holds it back. */
const answering = newWorkspace(['+14155550231']);
const generous = { per_second_rate: 100, daily_new_contacts_start: 100_000, daily_new_contacts_max: 100_000, warmup_days: 0 };

let suite: MessagingTestApp<MessageEventData>;
let db: DataSource;

beforeAll(async () => {
  suite = await startMessagingTestApp<MessageEventData>({
    name: 'messaging-release',
    overrides: clockAndCarrier(clock, carrier),
    workspaces: [
      { ...main, settings: generous },
      { ...paced, settings: { daily_new_contacts_start: 3, daily_new_contacts_max: 3, warmup_days: 0 } },
      { ...narrow, settings: { ...generous, send_window_start: '10:00', send_window_end: '12:00' } },
      { ...answering, settings: generous },
    ],
    topics: [Topics.messagingMessage],
  });
  db = suite.db;
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const http = () => request(suite.app.getHttpServer());
const send = (workspace: { apiKey: string }, body: Record<string, unknown>) =>
  http().post('/v1/messages').set('x-api-key', workspace.apiKey).send(body).expect(200);
const row = async (id: string) =>
  (
    (await db.query(
      `SELECT status, channel, from_number, release_after, handed_over_at, sent_at, effect, failure_reason, send_attempts
         FROM messaging.messages WHERE id = $1`,
      [id],
    )) as Array<{
      status: string;
      channel: string | null;
      from_number: string;
      release_after: Date;
      handed_over_at: Date | null;
      sent_at: Date | null;
      effect: string | null;
      failure_reason: string | null;
      send_attempts: number;
    }>
  )[0]!;
const settled = (id: string, what = `message ${id} to leave the queue`) =>
  eventually(
    () => row(id),
    (message) => message.status !== 'queued' && message.status !== 'sending',
    { what, timeoutMs: 30_000, intervalMs: 20 },
  );
const eventsOf = (id: string) => suite.events.filter((event) => event.subject === id);
const eventTypes = async (id: string, count: number): Promise<string[]> =>
  (await suite.kafka.waitFor((event) => event.subject === id, { count, what: `${count} events of ${id}` })).map(
    (event) => event.type,
  );

describe('release: channel and sender by the sandbox rules', () => {
  it('sends iMessage, MMS, SMS (links appended) and marks a landline no_channel, effect kept; events exactly once', async () => {
    clock.set(MORNING).run();
    const attachments = ['https://example.com/a.png'];
    const cases = [
      { to: newPhone(0), expect: { status: 'sent', channel: 'imessage' }, effectSent: 'confetti', body: 'Hi there' },
      { to: newPhone(6), expect: { status: 'sent', channel: 'mms' }, effectSent: null, body: 'Hi there' },
      {
        to: newPhone(8),
        expect: { status: 'sent', channel: 'sms' },
        effectSent: null,
        body: 'Hi there\nhttps://example.com/a.png',
      },
      { to: newPhone(9), expect: { status: 'no_channel', channel: null }, effectSent: undefined, body: undefined },
    ];
    const ids: string[] = [];
    for (const entry of cases)
      ids.push((await send(main, { to: entry.to, message: 'Hi there', attachments, effect: 'confetti' })).body.id);

    for (const [index, entry] of cases.entries()) {
      const id = ids[index]!;
      const message = await settled(id);
      expect(message).toMatchObject({ ...entry.expect, effect: 'confetti' });
      expect(main.numbers).toContain(message.from_number);
      const api = await http().get(`/v1/messages/${id}`).set('x-api-key', main.apiKey).expect(200);
      expect(api.body).toMatchObject({
        status: entry.expect.status,
        channel: entry.expect.channel,
        from_number: message.from_number,
        effect: 'confetti',
      });
      const handed = carrier.sends.filter((sent) => sent.request.messageId === id);
      if (entry.body === undefined) {
        expect(handed).toEqual([]);
        expect(message.failure_reason).toMatch(/^unreachable/);
        await expect(eventTypes(id, 2)).resolves.toEqual(['message.queued', 'message.no_channel']);
      } else {
        expect(handed).toHaveLength(1);
        expect(handed[0]!.request).toMatchObject({
          from: message.from_number,
          to: entry.to,
          channel: entry.expect.channel,
          effect: entry.effectSent,
          body: entry.body,
        });
        expect(api.body.sent_at).toEqual(expect.any(String));
        await expect(eventTypes(id, 2)).resolves.toEqual(['message.queued', 'message.sent']);
        const contact = await http().get(`/v1/contacts/${entry.to}`).set('x-api-key', main.apiKey).expect(200);
        expect(contact.body).toMatchObject({
          channel: entry.expect.channel,
          last_outbound_at: expect.any(String),
          sender_number: message.from_number,
        });
      }
    }
    // Exactly once: no late duplicates.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of ids) expect(eventsOf(id)).toHaveLength(2);
    const sentEvent = eventsOf(ids[0]!)[1]!;
    expect(sentEvent.data).toMatchObject({
      status: 'sent',
      channel: 'imessage',
      sent_at: expect.any(String),
      effect: 'confetti',
    });
  });

  it('asks the carrier for a capability once and then uses the contact cache', async () => {
    const to = newPhone(1);
    const lookups = carrier.lookups;
    await settled((await send(main, { to, message: 'one' })).body.id);
    await settled((await send(main, { to, message: 'two' })).body.id);
    expect(carrier.lookups - lookups).toBe(1);
  });

  it('requeues when the carrier is unavailable and sends on the retry with the same message id', async () => {
    const id = (await send(main, { to: newPhone(2), message: 'flaky [sandbox:unavailable]' })).body.id;
    await expect(settled(id)).resolves.toMatchObject({ status: 'sent', send_attempts: 2 });
    expect(carrier.sends.filter((sent) => sent.request.messageId === id).map((sent) => sent.outcome)).toEqual([
      'unavailable',
      'accepted',
    ]);
    await expect(eventTypes(id, 2)).resolves.toEqual(['message.queued', 'message.sent']);
  });

  it('fails a message the carrier rejects, with the reason, and emits message.failed', async () => {
    const id = (await send(main, { to: newPhone(3), message: 'no [sandbox:reject]' })).body.id;
    await expect(settled(id)).resolves.toMatchObject({
      status: 'failed',
      failure_reason: expect.stringMatching(/^content_rejected/),
    });
    await expect(eventTypes(id, 2)).resolves.toEqual(['message.queued', 'message.failed']);
  });
});

describe('release: send window', () => {
  it('keeps a message queued at 22:00 recipient time until 08:00 local, then sends it', async () => {
    clock.set(NIGHT).freeze();
    const id = (await send(main, { to: newPhone(0), message: 'late' })).body.id;
    await eventually(
      () => row(id),
      (message) => message.release_after.getTime() === NEXT_OPENING.getTime(),
      { what: 'release_after = 08:00 New York' },
    );
    expect((await row(id)).status).toBe('queued');
    const polled = await http().get(`/v1/messages/${id}`).set('x-api-key', main.apiKey).expect(200);
    expect(polled.body).toMatchObject({ status: 'queued', channel: null, sent_at: null });
    clock.set(new Date(NEXT_OPENING.getTime() - 1)).run();
    await expect(settled(id)).resolves.toMatchObject({ status: 'sent' });
    expect(carrier.sends.find((sent) => sent.request.messageId === id)!.at.getTime()).toBeGreaterThanOrEqual(
      NEXT_OPENING.getTime(),
    );
  });

  it("honours the workspace's own window: at 08:00 the default workspace sends, the 10:00–12:00 one waits until 10:00", async () => {
    // 08:00:01, not 08:00:00: the previous test may have taken a slot of this workspace's number at exactly
    // 08:00:00.000, and on a frozen clock that slot would never be over (its 10 ms interval never passes).
    clock.set(new Date(NEXT_OPENING.getTime() + 1_000)).freeze();
    const early = (await send(main, { to: newPhone(0), message: 'default window' })).body.id;
    const later = (await send(narrow, { to: newPhone(0), message: 'narrow window' })).body.id;
    await expect(settled(early)).resolves.toMatchObject({ status: 'sent' });
    const tenAm = new Date('2030-03-06T15:00:00.000Z');
    await eventually(
      () => row(later),
      (message) => message.release_after.getTime() === tenAm.getTime(),
      { what: 'release_after = 10:00 New York' },
    );
    clock.set(tenAm).run();
    await expect(settled(later)).resolves.toMatchObject({ status: 'sent' });
  });
});

describe('release: pacing and warm-up', () => {
  /**
   * Waits until the scheduler can do nothing more at the frozen instant: nothing of the workspace
   * sending, nothing due on a number whose slot is free (a message waiting for its number's rate
   * stays due, untouched; `paced` keeps the default rate, 1/s).
   */
  const idle = (companyId: string) =>
    eventually(
      async () =>
        (
          (await db.query(
            `SELECT count(*)::int AS n FROM messaging.messages m JOIN messaging.sender_numbers s ON s.number = m.from_number
            WHERE m.company_id = $1 AND (m.status = 'sending' OR (m.status = 'queued' AND m.release_after <= $2
              AND (s.next_send_at IS NULL OR s.next_send_at + interval '1 second' <= $2)))`,
            [companyId, clock.now()],
          )) as Array<{ n: number }>
        )[0]!.n,
      (busy) => busy === 0,
      { what: 'the scheduler to finish what is due', intervalMs: 20 },
    );

  it('spaces hand-offs of one number by 1/rate and stops the 4th new contact of the day while a known contact still gets through', async () => {
    const [number] = paced.numbers;
    clock.set(MORNING).freeze();
    const known = newPhone(0);
    const first = (await send(paced, { to: known, message: 'first' })).body.id;
    await expect(settled(first)).resolves.toMatchObject({ status: 'sent' });

    const fresh = [newPhone(0), newPhone(0), newPhone(0), newPhone(0)];
    const ids = [];
    for (const to of fresh) {
      ids.push((await send(paced, { to, message: `hello ${to}` })).body.id);
      // Distinct created_at: the frozen clock would otherwise give them one instant and leave their order to their ids.
      clock.advance(1);
    }
    const again = (await send(paced, { to: known, message: 'second' })).body.id;

    // Time moves in 300 ms steps, each only once the scheduler is done with the instant.
    for (let step = 0; step < 20; step++) {
      await idle(paced.companyId);
      clock.advance(300);
    }
    await idle(paced.companyId);
    const handOffs = carrier.sends.filter((sent) => sent.request.from === number && sent.outcome === 'accepted');
    expect(handOffs.map((sent) => sent.request.messageId)).toEqual([first, ids[0], ids[1], again]);
    for (let index = 1; index < handOffs.length; index++) {
      expect(handOffs[index]!.at.getTime() - handOffs[index - 1]!.at.getTime()).toBeGreaterThanOrEqual(1000);
    }
    const nextDay = new Date('2030-03-06T00:00:00.000Z');
    for (const id of [ids[2], ids[3]]) await expect(row(id)).resolves.toMatchObject({ status: 'queued', release_after: nextDay });
    const [counters] = await db.query(
      `SELECT new_contacts, sent FROM messaging.sender_number_days WHERE number = $1 AND day = '2030-03-05'`,
      [number],
    );
    expect(counters).toEqual({ new_contacts: 3, sent: 4 });

    // The next UTC day (19:00 in New York, inside the window) the cap starts again.
    clock.set(nextDay).freeze();
    for (let step = 0; step < 8; step++) {
      await idle(paced.companyId);
      clock.advance(300);
    }
    await expect(settled(ids[2])).resolves.toMatchObject({ status: 'sent' });
    await expect(settled(ids[3])).resolves.toMatchObject({ status: 'sent' });
  });
});

describe('release: sticky sender and opt-out', () => {
  it('re-pins a conversation whose number left the pool, at release, and records the change', async () => {
    clock.set(NIGHT).freeze();
    const to = newPhone(0);
    const id = (await send(main, { to, message: 'after hours' })).body.id;
    const pinned = (await row(id)).from_number;
    await eventually(
      () => row(id),
      (message) => message.release_after.getTime() === NEXT_OPENING.getTime(),
      { what: 'the window deferral' },
    );
    await http()
      .delete(`/internal/workspaces/${main.companyId}/sender-numbers/${encodeURIComponent(pinned)}`)
      .set('x-internal-token', INTERNAL_TOKEN)
      .expect(200);
    clock.set(NEXT_OPENING).run();
    const sent = await settled(id);
    const other = main.numbers.find((number) => number !== pinned)!;
    expect(sent).toMatchObject({ status: 'sent', from_number: other });
    expect(carrier.sends.find((entry) => entry.request.messageId === id)!.request.from).toBe(other);
    const changes = await db.query(
      `SELECT previous_number, number, reason FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2 ORDER BY id`,
      [main.companyId, to],
    );
    expect(changes).toEqual([
      { previous_number: null, number: pinned, reason: 'first_message' },
      { previous_number: pinned, number: other, reason: 'number_removed' },
    ]);
    await http()
      .post(`/internal/workspaces/${main.companyId}/sender-numbers`)
      .set('x-internal-token', INTERNAL_TOKEN)
      .send({ number: pinned })
      .expect(201);
  });

  it('cancels a queued message whose contact opted out meanwhile; it is never handed over', async () => {
    clock.set(NIGHT).freeze();
    const to = newPhone(0);
    const id = (await send(main, { to, message: 'will not go' })).body.id;
    await eventually(
      () => row(id),
      (message) => message.release_after.getTime() === NEXT_OPENING.getTime(),
      { what: 'the window deferral' },
    );
    // The opt-out itself arrives by the callbacks path (another feature); here only its effect on the queue matters.
    await db.query(
      `UPDATE messaging.contacts SET opted_out = true, opted_out_at = now(), opted_out_keyword = 'STOP' WHERE company_id = $1 AND phone = $2`,
      [main.companyId, to],
    );
    clock.set(NEXT_OPENING).run();
    await expect(settled(id)).resolves.toMatchObject({ status: 'cancelled', failure_reason: 'opted_out' });
    expect(carrier.sends.filter((sent) => sent.request.messageId === id)).toEqual([]);
    await expect(eventTypes(id, 2)).resolves.toEqual(['message.queued', 'message.cancelled']);
    expect(eventsOf(id)[1]!.data).toMatchObject({ status: 'cancelled', reason: 'opted_out' });
  });
});

describe('release: auto-replies to HELP and STOP (decision 0015)', () => {
  /** A person's text, as the carrier posts it: signed, to the real callback route. */
  const inbound = (from: string, body: string) => {
    const { headers, rawBody } = carrier.signedCallback({
      kind: 'inbound',
      from,
      to: answering.numbers[0]!,
      body,
      carrierMessageId: `in-${randomUUID()}`,
      at: clock.now(),
    });
    return http()
      .post('/v1/carrier/callbacks/sandbox')
      .set(headers)
      .set('content-type', 'application/json')
      .send(rawBody)
      .expect(200);
  };
  const systemReplies = async (to: string) =>
    (await db.query(
      `SELECT id, body, status, failure_reason FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2 AND sender = 'system' ORDER BY created_at`,
      [answering.companyId, to],
    )) as Array<{
      id: string;
      body: string;
      status: string;
      failure_reason: string | null;
    }>;

  it('sends the HELP reply at 22:00 recipient time: it answers the person, so the send window does not hold it', async () => {
    clock.set(NIGHT).run();
    const person = newPhone(1);
    await inbound(person, ' help ');
    const [reply] = await eventually(
      () => systemReplies(person),
      (rows) => rows.length === 1,
      { what: 'the HELP auto-reply' },
    );
    await expect(settled(reply!.id)).resolves.toMatchObject({ status: 'sent' });
    const handOff = carrier.sends.find((sent) => sent.request.messageId === reply!.id)!;
    expect(handOff.at.getTime()).toBeLessThan(NEXT_OPENING.getTime());
  });

  it('STOP at night: queued messages to the person are cancelled, the one confirmation still goes out to the opted-out contact', async () => {
    clock.set(NIGHT).run();
    const person = newPhone(2);
    const queued = (await send(answering, { to: person, message: 'tomorrow morning' })).body.id;
    await eventually(
      () => row(queued),
      (message) => message.release_after.getTime() === NEXT_OPENING.getTime(),
      { what: 'the window deferral' },
    );
    await inbound(person, 'Stop');
    await expect(settled(queued)).resolves.toMatchObject({ status: 'cancelled', failure_reason: 'opted_out' });
    const [confirmation] = await eventually(
      () => systemReplies(person),
      (rows) => rows.length === 1,
      { what: 'the opt-out confirmation' },
    );
    await expect(settled(confirmation!.id)).resolves.toMatchObject({ status: 'sent' });
    expect(carrier.sends.filter((sent) => sent.request.messageId === queued)).toEqual([]);
    await http().post('/v1/messages').set('x-api-key', answering.apiKey).send({ to: person, message: 'again?' }).expect(403);
  });
});

describe('release: the cancel race', () => {
  it('never both cancels and hands over: DELETE 200 ⇔ never sent, DELETE 409 ⇔ sent exactly once (200 races)', async () => {
    // After every instant the earlier tests used: pacing slots they reserved lie behind it.
    clock.set('2030-03-07T15:00:00.000Z').run();
    carrier.sendDelayMs = 3;
    const outcomes = { cancelled: 0, sent: 0 };
    const race = async (round: number) => {
      const id: string = (await send(main, { to: newPhone(), message: `race ${round}` })).body.id;
      // Spread the DELETEs from "at once" to "after the hand-off" so both sides of the race happen
      // (a claim transaction of ten fresh numbers takes some tens of milliseconds on a busy machine).
      await new Promise((resolve) => setTimeout(resolve, (round * 13) % 250));
      const cancel = await http().delete(`/v1/messages/${id}`).set('x-api-key', main.apiKey);
      const final = await settled(id);
      const accepted = carrier.acceptedOf(id);
      if (cancel.status === 200) {
        expect(cancel.body).toMatchObject({ id, status: 'cancelled' });
        expect(final.status).toBe('cancelled');
        expect(carrier.sends.filter((sent) => sent.request.messageId === id)).toEqual([]);
        outcomes.cancelled++;
      } else {
        expect(cancel.status).toBe(409);
        expect(cancel.body).toEqual({ error: expect.stringMatching(/^Too late to cancel/) });
        expect(final.status).toBe('sent');
        expect(accepted).toHaveLength(1);
        outcomes.sent++;
      }
    };
    for (let round = 0; round < 200; round += 10)
      await Promise.all(Array.from({ length: 10 }, (_, offset) => race(round + offset)));
    carrier.sendDelayMs = 0;
    expect(outcomes.cancelled + outcomes.sent).toBe(200);
    // Both sides of the race must have happened, or the test proved nothing.
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.sent).toBeGreaterThan(0);
  });
});
