import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { contactKey } from '../contacts/contact-key';
import { ContactsService } from '../contacts/contacts.service';
import { INTERNAL_TOKEN, newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp } from '../testing';
import { poolNumberFor } from '../sender-numbers/pin-decision';
import { planSendBatch, type QueuedSend } from './send-batch-plan';
import { SendBatchWriter } from './send-batch.writer';
import { SendMessageService } from './send-message.service';

/**
 * The send path's two round trips (decision 0019) on real PostgreSQL: ContactsService.readAllForSend,
 * planSendBatch, then SendBatchWriter's one statement, with the contact changed in between by
 * another connection — the write must leave that contact's sends out (message and event) and
 * write the rest; the service then decides them again under the contact's lock.
 */
jest.setTimeout(120_000);

const N1 = '+14155550261';
const N2 = '+14155550262';
const workspace = newWorkspace([N1, N2]);

let suite: MessagingTestApp;
let app: INestApplication;
let db: DataSource;
let contacts: ContactsService;
let writer: SendBatchWriter;

beforeAll(async () => {
  suite = await startMessagingTestApp({ name: 'messaging-send-batch', scheduler: 'off', workspaces: [workspace] });
  ({ app, db } = suite);
  contacts = app.get(ContactsService);
  writer = app.get(SendBatchWriter);
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

const companyId = workspace.companyId;
const queued = (to: string, firstName: string | null = null): QueuedSend => ({
  companyId,
  input: { to, body: `hello ${to}`, firstName, attachments: [], effect: null, sender: 'human' },
  traceparent: null,
});

/** Read and plan a batch on its own connection, as SendMessageService does; `between` runs before the write. */
async function readPlanWrite(sends: readonly QueuedSend[], between: () => Promise<unknown> = async () => undefined) {
  const runner = db.createQueryRunner();
  try {
    const read = await contacts.readAllForSend(
      runner,
      sends.map((send) => ({ companyId: send.companyId, phone: send.input.to })),
    );
    const plan = planSendBatch(sends, read, new Date(), randomUUID);
    await between();
    const written = await writer.write(runner, sends, plan, read);
    return {
      plan,
      written,
      idsTo: (phone: string) => plan.messages.filter((message) => message.contactPhone === phone).map((message) => message.id),
    };
  } finally {
    await runner.release();
  }
}

const messagesTo = async (phone: string) =>
  (await db.query('SELECT id, from_number FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2', [
    companyId,
    phone,
  ])) as Array<{ id: string; from_number: string }>;
const outboxSubjects = async (ids: readonly string[]) =>
  (
    (await db.query('SELECT subject FROM messaging.outbox WHERE subject = ANY($1::text[])', [ids])) as Array<{ subject: string }>
  ).map((row) => row.subject);
const contactRow = async (phone: string) =>
  (
    (await db.query(
      'SELECT first_name, pinned_from_number, opted_out FROM messaging.contacts WHERE company_id = $1 AND phone = $2',
      [companyId, phone],
    )) as Array<{
      first_name: string | null;
      pinned_from_number: string | null;
      opted_out: boolean;
    }>
  )[0];
const pinChanges = async (phone: string) =>
  (await db.query(
    'SELECT previous_number, number, reason FROM messaging.sender_pin_changes WHERE company_id = $1 AND contact_phone = $2 ORDER BY id',
    [companyId, phone],
  )) as Array<{ previous_number: string | null; number: string; reason: string }>;

/** An existing contact pinned to its hash number (a first send through the batch path). */
async function existingContact(): Promise<string> {
  const phone = newPhone();
  const { written } = await readPlanWrite([queued(phone)]);
  expect(written.has(contactKey(companyId, phone))).toBe(true);
  return phone;
}

describe('SendBatchWriter (read, plan, one statement)', () => {
  it('writes a new contact with its first name and pin, the pin change, each message and each message.queued event', async () => {
    const phone = newPhone();
    const { written, idsTo } = await readPlanWrite([queued(phone, 'Ada'), queued(phone, 'Later')]);

    expect([...written]).toEqual([contactKey(companyId, phone)]);
    const number = poolNumberFor(phone, [N1, N2]);
    expect(await contactRow(phone)).toEqual({ first_name: 'Ada', pinned_from_number: number, opted_out: false });
    expect(await pinChanges(phone)).toEqual([{ previous_number: null, number, reason: 'first_message' }]);
    const ids = idsTo(phone);
    expect((await messagesTo(phone)).map((row) => row.id).sort()).toEqual([...ids].sort());
    expect((await outboxSubjects(ids)).sort()).toEqual([...ids].sort());
  });

  it('leaves out a contact opted out between the read and the write, with its message and event; writes the rest of the batch', async () => {
    const [stays, leaves] = [await existingContact(), await existingContact()];
    const { written, idsTo } = await readPlanWrite([queued(stays), queued(leaves)], () =>
      db.query('UPDATE messaging.contacts SET opted_out = true, opted_out_at = now() WHERE company_id = $1 AND phone = $2', [
        companyId,
        leaves,
      ]),
    );

    expect([...written]).toEqual([contactKey(companyId, stays)]);
    expect(await messagesTo(leaves)).toHaveLength(1); // its first message only
    expect(await outboxSubjects(idsTo(leaves))).toEqual([]);
    expect(await messagesTo(stays)).toHaveLength(2);
    expect(await outboxSubjects(idsTo(stays))).toEqual(idsTo(stays));
  });

  it('leaves out a contact whose pin changed between the read and the write', async () => {
    const phone = await existingContact();
    const other = (await contactRow(phone))!.pinned_from_number === N1 ? N2 : N1;
    const { written } = await readPlanWrite([queued(phone)], () =>
      db.query('UPDATE messaging.contacts SET pinned_from_number = $3 WHERE company_id = $1 AND phone = $2', [
        companyId,
        phone,
        other,
      ]),
    );

    expect(written.size).toBe(0);
    expect(await messagesTo(phone)).toHaveLength(1);
  });

  it('leaves out a new contact someone else created between the read and the write, and keeps their first name', async () => {
    const phone = newPhone();
    const { written, idsTo } = await readPlanWrite([queued(phone, 'Mine')], () =>
      db.query('INSERT INTO messaging.contacts (company_id, phone, first_name) VALUES ($1, $2, $3)', [
        companyId,
        phone,
        'Theirs',
      ]),
    );

    expect(written.size).toBe(0);
    expect(await contactRow(phone)).toEqual({ first_name: 'Theirs', pinned_from_number: null, opted_out: false });
    expect(await pinChanges(phone)).toEqual([]);
    expect(await messagesTo(phone)).toEqual([]);
    expect(await outboxSubjects(idsTo(phone))).toEqual([]);
  });

  it('waits for an opt-out in flight on the contact and, once it commits, leaves the contact out', async () => {
    const phone = await existingContact();
    const optOut = db.createQueryRunner();
    await optOut.connect();
    try {
      // Prepares the statement on a pooled connection first, so the write below goes straight to the lock.
      await readPlanWrite([queued(phone)]);
      await optOut.startTransaction();
      await optOut.query('UPDATE messaging.contacts SET opted_out = true WHERE company_id = $1 AND phone = $2', [
        companyId,
        phone,
      ]);
      let settled = false;
      const writing = readPlanWrite([queued(phone)]).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Read before the opt-out committed, the batch saw the contact opted in; its write waits on the row lock.
      expect(settled).toBe(false);
      await optOut.commitTransaction();
      const { written } = await writing;
      expect(written.size).toBe(0);
    } finally {
      if (optOut.isTransactionActive) await optOut.rollbackTransaction();
      await optOut.release();
    }
    // Its first message and the warm-up's, nothing after the opt-out.
    expect(await messagesTo(phone)).toHaveLength(2);
  });

  it('re-pins a contact whose number left the pool, and records the change', async () => {
    const phone = await existingContact();
    const pinned = (await contactRow(phone))!.pinned_from_number!;
    const other = pinned === N1 ? N2 : N1;
    await request(app.getHttpServer())
      .delete(`/internal/workspaces/${companyId}/sender-numbers/${encodeURIComponent(pinned)}`)
      .set('x-internal-token', INTERNAL_TOKEN)
      .expect(200);
    try {
      const { written, idsTo } = await readPlanWrite([queued(phone)]);
      expect(written.has(contactKey(companyId, phone))).toBe(true);
      expect((await contactRow(phone))!.pinned_from_number).toBe(other);
      expect((await pinChanges(phone)).at(-1)).toEqual({ previous_number: pinned, number: other, reason: 'number_removed' });
      expect((await messagesTo(phone)).find((row) => row.id === idsTo(phone)[0])!.from_number).toBe(other);
    } finally {
      await request(app.getHttpServer())
        .post(`/internal/workspaces/${companyId}/sender-numbers`)
        .set('x-internal-token', INTERNAL_TOKEN)
        .send({ number: pinned })
        .expect(201);
    }
  });
});

describe('POST /v1/messages when the contact changes between the read and the write', () => {
  const post = (to: string) =>
    request(app.getHttpServer()).post('/v1/messages').set('x-api-key', workspace.apiKey).send({ to, message: 'hi' });

  /** Runs `change` between the next batch's read and its write (the writer's statement, on its way). */
  function changeBeforeNextWrite(change: () => Promise<unknown>): jest.SpyInstance {
    const write = writer.write.bind(writer);
    return jest.spyOn(writer, 'write').mockImplementationOnce(async (...args) => {
      await change();
      return write(...args);
    });
  }

  afterEach(() => jest.restoreAllMocks());

  it('answers 403 for a contact that opted out in between, and writes nothing for it', async () => {
    const phone = await existingContact();
    const spy = changeBeforeNextWrite(() =>
      db.query('UPDATE messaging.contacts SET opted_out = true, opted_out_at = now() WHERE company_id = $1 AND phone = $2', [
        companyId,
        phone,
      ]),
    );

    const response = await post(phone).expect(403);

    expect(spy).toHaveBeenCalledTimes(1);
    expect(response.body.error).toMatch(/opted out/);
    expect(await messagesTo(phone)).toHaveLength(1);
  });

  it('queues on the new pin for a contact re-pinned in between', async () => {
    const phone = await existingContact();
    const other = (await contactRow(phone))!.pinned_from_number === N1 ? N2 : N1;
    changeBeforeNextWrite(() =>
      db.query('UPDATE messaging.contacts SET pinned_from_number = $3 WHERE company_id = $1 AND phone = $2', [
        companyId,
        phone,
        other,
      ]),
    );

    const response = await post(phone).expect(200);

    expect(response.body).toMatchObject({ status: 'queued', to: phone });
    expect((await messagesTo(phone)).find((row) => row.id === response.body.id)!.from_number).toBe(other);
    expect(await outboxSubjects([response.body.id])).toEqual([response.body.id]);
  });

  it('queues the written sends of a batch once when deciding the others again fails at first', async () => {
    const [written, movedA, movedB] = [await existingContact(), await existingContact(), await existingContact()];
    const repin = async (phone: string) => {
      const other = (await contactRow(phone))!.pinned_from_number === N1 ? N2 : N1;
      await db.query('UPDATE messaging.contacts SET pinned_from_number = $3 WHERE company_id = $1 AND phone = $2', [
        companyId,
        phone,
        other,
      ]);
    };
    changeBeforeNextWrite(async () => {
      await repin(movedA);
      await repin(movedB);
    });
    // The locking transaction for movedA and movedB fails once (as a deadlock would), then works send by send.
    jest.spyOn(contacts, 'lockAllForSend').mockRejectedValueOnce(new Error('deadlock detected'));
    const service = app.get(SendMessageService);

    // Submitted in one turn of the event loop: one batch.
    const answers = await Promise.all([written, movedA, movedB].map((to) => service.send(companyId, queued(to).input)));

    expect(answers.map((message) => message.status)).toEqual(['queued', 'queued', 'queued']);
    for (const phone of [written, movedA, movedB]) expect(await messagesTo(phone)).toHaveLength(2);
  });

  it('counts the sends it decided again (messaging_send_decided_again_total)', async () => {
    const before = await decidedAgain();
    const phone = await existingContact();
    changeBeforeNextWrite(() =>
      db.query('UPDATE messaging.contacts SET opted_out = true WHERE company_id = $1 AND phone = $2', [companyId, phone]),
    );
    await post(phone).expect(403);
    expect(await decidedAgain()).toBe(before + 1);
  });
});

async function decidedAgain(): Promise<number> {
  const response = await request(app.getHttpServer()).get('/metrics').expect(200);
  const line = (response.text as string).split('\n').find((l) => l.startsWith('messaging_send_decided_again_total '));
  return line ? Number(line.split(' ')[1]) : 0;
}
