import request from 'supertest';
import { DataSource } from 'typeorm';
import { TestClock } from '@suite/testing';
import { newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp } from '../testing';
import { ReleaseClaimer } from './release-claimer';
import { clockAndCarrier } from './testing/clock-and-carrier';
import { RecordingCarrier } from './testing/recording-carrier';

/**
 * One claim batch (ReleaseClaimer.claimBatch called by hand, the scheduler disabled), on real
 * PostgreSQL: the batch reads what its decisions need once and writes its claims at the end
 * (claim-reads.ts, claim-writes.ts), and must decide exactly as the per-message reads did —
 * including for a message whose earlier one the same batch has just deferred.
 */
jest.setTimeout(120_000);

/** 22:00 in New York: outside the default window. */
const NIGHT = new Date('2030-03-06T03:00:00.000Z');
/** 08:00 in New York the next morning. */
const NEXT_OPENING = new Date('2030-03-06T13:00:00.000Z');
/** 10:00 in New York, the day after. */
const MORNING = new Date('2030-03-07T15:00:00.000Z');

const clock = new TestClock(NIGHT).freeze();
const workspace = newWorkspace(['+14155550241', '+14155550242']);
const settings = { per_second_rate: 100, daily_new_contacts_start: 100_000, daily_new_contacts_max: 100_000, warmup_days: 0 };

let suite: MessagingTestApp;
let db: DataSource;
let claimer: ReleaseClaimer;

beforeAll(async () => {
  suite = await startMessagingTestApp({
    name: 'messaging-claim-batch',
    scheduler: 'off',
    overrides: clockAndCarrier(clock, new RecordingCarrier(clock)),
    workspaces: [{ ...workspace, settings }],
  });
  db = suite.db;
  claimer = suite.app.get(ReleaseClaimer);
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const send = async (to: string, message: string): Promise<string> => {
  const response = await request(suite.app.getHttpServer())
    .post('/v1/messages')
    .set('x-api-key', workspace.apiKey)
    .send({ to, message })
    .expect(200);
  // Distinct created_at on the frozen clock: conversation order is (created_at, id).
  clock.advance(1);
  return response.body.id as string;
};
const rows = async (ids: readonly string[]) =>
  (await db.query(
    `SELECT id, status, from_number, release_after, claimed_at, send_attempts FROM messaging.messages WHERE id = ANY($1::uuid[])`,
    [ids],
  )) as Array<{
    id: string;
    status: string;
    from_number: string;
    release_after: Date;
    claimed_at: Date | null;
    send_attempts: number;
  }>;
const byId = async (ids: readonly string[]) => new Map((await rows(ids)).map((row) => [row.id, row]));

describe('one claim batch', () => {
  it('defers a conversation behind its first message in the same batch: the window moves the first, the second follows it', async () => {
    clock.set(NIGHT).freeze();
    const person = newPhone(0);
    const first = await send(person, 'first');
    const second = await send(person, 'second');
    const batch = await claimer.claimBatch(50);
    expect(batch).toMatchObject({ claimed: [], examined: 2, progressed: 2 });
    const after = await byId([first, second]);
    expect(after.get(first)).toMatchObject({ status: 'queued', release_after: NEXT_OPENING });
    // Read for the whole batch before `first` was deferred, the answer for `second` named `first` as due:
    // asked again, it is `first`'s new release_after, not "wait for the next tick".
    expect(after.get(second)).toMatchObject({ status: 'queued', release_after: NEXT_OPENING });
    // Out of the way of the next test (both would be due again in the morning).
    for (const id of [first, second])
      await request(suite.app.getHttpServer()).delete(`/v1/messages/${id}`).set('x-api-key', workspace.apiKey).expect(200);
  });

  it("claims each conversation's head on each free number, counts new contacts per number once at the end, and hands the cached capability over", async () => {
    clock.set(MORNING).freeze();
    const one = newPhone(0);
    const oneFirst = await send(one, 'one, first');
    const oneNumber = (await byId([oneFirst])).get(oneFirst)!.from_number;
    // A new contact is pinned by a hash of its phone: send until one lands on the other number
    // (those that do not queue behind `oneFirst` on its number and stay untouched).
    let two = newPhone(8);
    let twoFirst = await send(two, 'two, first');
    while ((await byId([twoFirst])).get(twoFirst)!.from_number === oneNumber) {
      two = newPhone(8);
      twoFirst = await send(two, 'two, first');
    }
    const oneSecond = await send(one, 'one, second');
    const pins = await byId([oneFirst, twoFirst]);
    // The second contact's capability is known and fresh: the hand-off needs no lookup.
    await db.query(
      `UPDATE messaging.contacts SET capability = 'sms', capability_checked_at = $3 WHERE company_id = $1 AND phone = $2`,
      [workspace.companyId, two, MORNING],
    );

    const claimedAt = clock.now();
    const batch = await claimer.claimBatch(50);
    const claimedIds = batch.claimed.map((claimed) => claimed.id);
    expect(claimedIds.sort()).toEqual([oneFirst, twoFirst].sort());
    const claimedOne = batch.claimed.find((claimed) => claimed.id === oneFirst)!;
    const claimedTwo = batch.claimed.find((claimed) => claimed.id === twoFirst)!;
    expect(claimedOne).toMatchObject({
      attempt: 1,
      fromNumber: pins.get(oneFirst)!.from_number,
      cachedCapability: null,
      perSecondRate: 100,
    });
    expect(claimedTwo).toMatchObject({
      attempt: 1,
      fromNumber: pins.get(twoFirst)!.from_number,
      cachedCapability: { imessage: false, sms: true, mms: false },
    });

    const after = await byId([oneFirst, twoFirst, oneSecond]);
    for (const id of [oneFirst, twoFirst])
      expect(after.get(id)).toMatchObject({ status: 'sending', claimed_at: claimedAt, send_attempts: 1 });
    // Behind a first message this batch claimed: untouched, still due.
    expect(after.get(oneSecond)).toMatchObject({ status: 'queued', send_attempts: 0, claimed_at: null });

    const claimedNumbers = new Set(batch.claimed.map((claimed) => claimed.fromNumber));
    expect(claimedNumbers.size).toBe(2);
    const slots = (await db.query(`SELECT number, next_send_at FROM messaging.sender_numbers WHERE number = ANY($1::text[])`, [
      [...claimedNumbers],
    ])) as Array<{ number: string; next_send_at: Date }>;
    for (const slot of slots) expect(slot.next_send_at).toEqual(claimedAt);
    const days = (await db.query(
      `SELECT number, new_contacts FROM messaging.sender_number_days WHERE day = '2030-03-07' AND number = ANY($1::text[])`,
      [[...claimedNumbers]],
    )) as Array<{
      number: string;
      new_contacts: number;
    }>;
    const newContacts = new Map(days.map((day) => [day.number, day.new_contacts]));
    for (const number of claimedNumbers) expect(newContacts.get(number)).toBe(1);

    // Nothing else is claimable at this instant: every number's slot is taken.
    await expect(claimer.claimBatch(50)).resolves.toMatchObject({ claimed: [] });
  });
});
