import { createHmac } from 'node:crypto';
import type { NewEvent } from '@suite/eventing';
import { newEvent } from '@suite/eventing';
import { onlineAgent, ringingCall, type EventMap, type EventType } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { crmEvents, deliveredMessageEvent, TestReceiver, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * A webhook's `list_id` and `fields` on real PostgreSQL and Kafka (decision 0036). The platform's
 * CRM events (lists, members, contacts) are published the production way — an outbox, the
 * platform's topics, the consumer — and so are the events webhooks follow. A webhook limited to a
 * list gets an event about a contact only when the contact is on the list when the event happens;
 * `fields` narrows the `data` it is sent and signed; a list of another company, no list, or a
 * field no subscribed kind has is 422 by field on create and update. Whether a limited webhook got
 * an event is read once an unlimited one has it: both are decided by the same statement.
 */
let suite: WebhookDispatchTestApp;
let receiver: TestReceiver;
let admin: TestActor;
let stranger: TestActor;

const PHONE_ON = '+14155550101';
const PHONE_OFF = '+14155550102';
const b64 = (id: string) => Buffer.from(id).toString('base64');

beforeAll(async () => {
  receiver = await TestReceiver.start();
  suite = await WebhookDispatchTestApp.start('webhook_filters', {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_TIMEOUT_MS: '2000',
  });
  [admin] = await suite.company([['manage-webhooks']]);
  [stranger] = await suite.company([['manage-webhooks']]);
}, 120_000);
afterAll(async () => {
  await suite?.stop();
  await receiver?.stop();
});

/** A list of the company, known to the read model; its id. */
async function list(companyId = admin.companyId): Promise<string> {
  const id = suite.freshId();
  await suite.publish([crmEvents.listCreated(companyId, id)]);
  await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.list_replicas WHERE id = $1', [id]);
  return id;
}

/** A contact of the company with `phone`, on `lists` (created on them, a lead.generated too), known to the read model. */
async function contact(phone: string | null, lists: string[] = []): Promise<string> {
  const id = suite.freshId();
  await suite.publish([crmEvents.contactCreated(admin.companyId, id, phone, lists)]);
  await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.contact_replicas WHERE id = $1', [id]);
  return id;
}

/** The membership facts of (list, contact) the read model holds. */
async function factsOf(listId: string, contactId: string, count: number): Promise<void> {
  await suite.readModelHas(
    'SELECT count(*)::int AS n FROM webhooks.list_membership_changes WHERE list_id = $1 AND contact_id = $2',
    [listId, contactId],
    count,
  );
}

async function createWebhook(body: object, actor = admin): Promise<{ id: string; secret: string }> {
  const response = await suite.request('post', '/api/webhooks', await actor.token()).send(body);
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
  return response.body.data as { id: string; secret: string };
}

const hook = (path: string, events: string[], extra: object = {}) => ({
  title: path,
  url: `${receiver.base()}${path}`,
  events,
  ...extra,
});

/** The ids of the webhooks that got a delivery of the event, once `barrier` (unlimited) has its own. */
async function deliveredTo(eventId: string, barrier: string): Promise<string[]> {
  await eventually(
    async () =>
      (
        (await suite.db.query(
          'SELECT count(*)::int AS n FROM webhooks.webhook_deliveries WHERE event_id = $1 AND webhook_id = $2',
          [eventId, barrier],
        )) as Array<{ n: number }>
      )[0]!.n,
    (n) => n === 1,
    { timeoutMs: 60_000, what: `event ${eventId} to reach the unlimited webhook` },
  );
  const rows = (await suite.db.query('SELECT webhook_id FROM webhooks.webhook_deliveries WHERE event_id = $1', [
    eventId,
  ])) as Array<{
    webhook_id: string;
  }>;
  return rows.map((row) => row.webhook_id).filter((id) => id !== barrier);
}

/** Publishes the event; the webhooks (other than `barrier`) it was delivered to. */
async function fanOut(event: NewEvent, barrier: string): Promise<string[]> {
  await suite.publish([event]);
  return deliveredTo(event.envelope.id, barrier);
}

const sms = (phone: string) => deliveredMessageEvent(admin.companyId, suite.freshId(), 'Hello', phone);

describe('list_id on create and update', () => {
  it('takes a live list of the company, numeric or base64, and echoes it as a number', async () => {
    const listId = await list();
    for (const spelling of [Number(listId), listId, b64(listId), b64(listId).replace(/=+$/, '')]) {
      const created = await suite
        .request('post', '/api/webhooks', await admin.token())
        .send(hook('/any', ['sms.sent'], { list_id: spelling }))
        .expect(201);
      expect(created.body.data.list_id).toBe(Number(listId));
    }
  });

  it('refuses another company’s list, a deleted list, no list and an undecodable id with 422 by field, and stores nothing', async () => {
    const foreign = await list(stranger.companyId);
    const deleted = await list();
    await suite.publish([crmEvents.listDeleted(admin.companyId, deleted)]);
    await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.list_replicas WHERE id = $1 AND deleted_at IS NOT NULL', [
      deleted,
    ]);
    const own = await list();
    const existing = await createWebhook(hook('/kept', ['sms.sent'], { list_id: Number(own) }));
    const token = await admin.token();
    const countBefore = await suite.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks');
    for (const refused of [b64(foreign), Number(foreign), b64(deleted), '999999999999', 'not-an-id', 'enc_AAAA', '0042x']) {
      const created = await suite
        .request('post', '/api/webhooks', token)
        .send(hook('/refused', ['sms.sent'], { list_id: refused }));
      expect({ refused, status: created.status, body: created.body }).toEqual({
        refused,
        status: 422,
        body: {
          success: false,
          message: 'list_id must be a list of the company.',
          errors: { list_id: [`not a list of the company: ${refused}`] },
        },
      });
      const updated = await suite
        .request('put', `/api/webhooks/${existing.id}`, token)
        .send(hook('/changed', ['sms.failed'], { list_id: refused }));
      expect({ refused, status: updated.status, errors: updated.body.errors }).toEqual({
        refused,
        status: 422,
        errors: { list_id: [`not a list of the company: ${refused}`] },
      });
    }
    expect(await suite.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks')).toEqual(countBefore);
    const shown = await suite.request('get', `/api/webhooks/${existing.id}`, token).expect(200);
    expect(shown.body.data).toMatchObject({ title: '/kept', events: ['sms.sent'], list_id: Number(own) });
    // The stranger may use its own list.
    await createWebhook(hook('/theirs', ['sms.sent'], { list_id: b64(foreign) }), stranger);
  });

  it('waits for a list created a moment ago that the read model has not heard of yet', async () => {
    const listId = suite.freshId();
    const announced = new Promise<void>((resolve) =>
      setTimeout(() => suite.publish([crmEvents.listCreated(admin.companyId, listId)]).then(resolve), 300),
    );
    const created = await suite
      .request('post', '/api/webhooks', await admin.token())
      .send(hook('/fresh', ['lead.generated'], { list_id: b64(listId) }));
    await announced;
    expect({ status: created.status, list: created.body.data?.list_id }).toEqual({ status: 201, list: Number(listId) });
  });
});

describe('fields on create and update', () => {
  // The stranger's webhooks: an unlimited one of the admin's company would receive the events of the tests below.
  it('refuses a name none of the subscribed kinds has, naming each, and takes those of any subscribed kind', async () => {
    const token = await stranger.token();
    const refused = await suite
      .request('post', '/api/webhooks', token)
      .send(hook('/f', ['sms.sent', 'call.ended'], { fields: ['body', 'email', 'call_id', 'event', 'email'] }))
      .expect(422);
    expect(refused.body).toEqual({
      success: false,
      message: 'fields must name fields of the subscribed event kinds.',
      errors: { fields: ['no subscribed event kind has: email, event'] },
    });
    const webhook = await createWebhook(hook('/f', ['sms.sent', 'lead.generated'], { fields: ['body', 'email'] }), stranger);
    const updated = await suite
      .request('put', `/api/webhooks/${webhook.id}`, token)
      .send(hook('/f', ['sms.sent'], { fields: ['body', 'email'] }))
      .expect(422);
    expect(updated.body.errors).toEqual({ fields: ['no subscribed event kind has: email'] });
    const both = await suite
      .request('put', `/api/webhooks/${webhook.id}`, token)
      .send(hook('/f', ['sms.sent'], { fields: ['email'], list_id: 'nope' }))
      .expect(422);
    expect(both.body).toEqual({
      success: false,
      message: 'fields must name fields of the subscribed event kinds. list_id must be a list of the company.',
      errors: { fields: ['no subscribed event kind has: email'], list_id: ['not a list of the company: nope'] },
    });
    const shown = await suite.request('get', `/api/webhooks/${webhook.id}`, token).expect(200);
    expect(shown.body.data).toMatchObject({ events: ['sms.sent', 'lead.generated'], fields: ['body', 'email'] });
  });
});

describe('deliveries of a webhook limited to a list', () => {
  let listId: string;
  let limited: string;
  let unlimited: string;
  let onList: string;
  let offList: string;

  beforeAll(async () => {
    listId = await list();
    const kinds = ['sms.sent', 'lead.generated', 'appointment.scheduled', 'call.started', 'campaign.started', 'agent.created'];
    unlimited = (await createWebhook(hook('/all', kinds))).id;
    limited = (await createWebhook(hook('/limited', kinds, { list_id: b64(listId) }))).id;
    onList = await contact(PHONE_ON, [listId]);
    offList = await contact(PHONE_OFF);
    await factsOf(listId, onList, 1);
  });

  it('gets the lead.generated of a contact created on the list, not of one created on none', async () => {
    const leadOn = crmEvents.contactCreated(admin.companyId, suite.freshId(), null, [listId]);
    expect(await fanOut(leadOn, unlimited)).toEqual([limited]);
    const leadOff = crmEvents.contactCreated(admin.companyId, suite.freshId(), null, []);
    expect(await fanOut(leadOff, unlimited)).toEqual([]);
  });

  it('gets an sms.* to a number of a contact on the list, not to one off it', async () => {
    expect(await fanOut(sms(PHONE_ON), unlimited)).toEqual([limited]);
    expect(await fanOut(sms(PHONE_OFF), unlimited)).toEqual([]);
    expect(await fanOut(sms('+14155550199'), unlimited)).toEqual([]);
  });

  it('gets an appointment or a call of a contact on the list (by contact, or by number when the call names none)', async () => {
    expect(await fanOut(appointment(onList), unlimited)).toEqual([limited]);
    expect(await fanOut(appointment(offList), unlimited)).toEqual([]);
    expect(await fanOut(call({ contact_id: onList }), unlimited)).toEqual([limited]);
    expect(await fanOut(call({ contact_id: offList }), unlimited)).toEqual([]);
    expect(await fanOut(call({ contact_id: null, called_number: PHONE_ON }), unlimited)).toEqual([limited]);
    expect(await fanOut(call({ contact_id: null, called_number: PHONE_OFF }), unlimited)).toEqual([]);
  });

  it('gets a campaign over the list and every agent event, not a campaign over another list', async () => {
    const other = await list();
    expect(await fanOut(campaign(listId), unlimited)).toEqual([limited]);
    expect(await fanOut(campaign(other), unlimited)).toEqual([]);
    expect(await fanOut(agent(), unlimited)).toEqual([limited]);
  });

  it('follows membership: added, removed, added again, the contact deleted, the list deleted', async () => {
    const phone = '+14155550103';
    const later = await contact(phone);
    expect(await fanOut(sms(phone), unlimited)).toEqual([]);
    await suite.publish([crmEvents.contactsAdded(admin.companyId, listId, [later])]);
    await factsOf(listId, later, 1);
    expect(await fanOut(sms(phone), unlimited)).toEqual([limited]);
    await suite.publish([crmEvents.contactRemoved(admin.companyId, listId, later)]);
    await factsOf(listId, later, 2);
    expect(await fanOut(sms(phone), unlimited)).toEqual([]);
    expect(await fanOut(appointment(later), unlimited)).toEqual([]);
    await suite.publish([crmEvents.contactsAdded(admin.companyId, listId, [later])]);
    await factsOf(listId, later, 3);
    expect(await fanOut(appointment(later), unlimited)).toEqual([limited]);
    // A number that moves to another contact: the events follow the contact that has it now.
    await suite.publish([crmEvents.contactUpdated(admin.companyId, later, '+14155550104')]);
    await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.contact_replicas WHERE id = $1 AND phone = $2', [
      later,
      '+14155550104',
    ]);
    expect(await fanOut(sms(phone), unlimited)).toEqual([]);
    expect(await fanOut(sms('+14155550104'), unlimited)).toEqual([limited]);
    await suite.publish([crmEvents.contactDeleted(admin.companyId, later)]);
    await suite.readModelHas(
      'SELECT count(*)::int AS n FROM webhooks.contact_replicas WHERE id = $1 AND deleted_at IS NOT NULL',
      [later],
    );
    expect(await fanOut(appointment(later), unlimited)).toEqual([]);
    // The list itself deleted: nobody is on it any more.
    const doomed = await list();
    await contact('+14155550105', [doomed]);
    const doomedHook = (await createWebhook(hook('/doomed', ['sms.sent'], { list_id: doomed }))).id;
    expect(await fanOut(sms('+14155550105'), unlimited)).toEqual([doomedHook]);
    await suite.publish([crmEvents.listDeleted(admin.companyId, doomed)]);
    await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.list_replicas WHERE id = $1 AND deleted_at IS NOT NULL', [
      doomed,
    ]);
    expect(await fanOut(sms('+14155550105'), unlimited)).toEqual([]);
  });

  it('judges by when the event happened, not by when it is read', async () => {
    const phone = '+14155550106';
    const late = await contact(phone);
    const joined = crmEvents.contactsAdded(admin.companyId, listId, [late]);
    const joinedAt = Date.parse(joined.envelope.occurred_at);
    // Written a moment before the contact joined, read after: it was not on the list then.
    const before = at(sms(phone), joinedAt - 1);
    await suite.publish([joined]);
    await factsOf(listId, late, 1);
    expect(await fanOut(before, unlimited)).toEqual([]);
    // Written while it was on the list, read after it left: it was on the list then.
    const during = at(sms(phone), joinedAt + 1);
    await suite.publish([at(crmEvents.contactRemoved(admin.companyId, listId, late), joinedAt + 2)]);
    await factsOf(listId, late, 2);
    expect(await fanOut(during, unlimited)).toEqual([limited]);
  });
});

/** The event as if it had happened at `ms` (its envelope's occurred_at). */
function at(event: NewEvent, ms: number): NewEvent {
  return { ...event, envelope: { ...event.envelope, occurred_at: new Date(ms).toISOString() } } as NewEvent;
}

describe('deliveries narrowed to fields', () => {
  it('sends and signs only the named keys the event’s kind has; the envelope stays whole', async () => {
    const webhook = await createWebhook(
      hook('/narrow', ['sms.sent', 'lead.generated'], { fields: ['body', 'contact_phone', 'email'] }),
    );
    const event = sms('+14155550107');
    await suite.publish([event]);
    const [hit] = await receivedAt('/narrow', 1);
    const body = JSON.parse(hit!.body) as { event: string; webhook_id: string; data: object; metadata: { signature: string } };
    expect(body).toEqual({
      event: 'sms.sent',
      timestamp: event.envelope.occurred_at,
      webhook_id: webhook.id,
      data: { body: 'Hello', contact_phone: '+14155550107' },
      metadata: { version: '1.0', signature: expect.stringMatching(/^sha256=[0-9a-f]{64}$/) },
    });
    const hmac = (text: string) => `sha256=${createHmac('sha256', webhook.secret).update(text).digest('hex')}`;
    expect(hit!.headers['x-webhook-signature']).toBe(hmac(hit!.body));
    const { metadata, ...envelope } = body;
    expect(metadata.signature).toBe(hmac(JSON.stringify({ ...envelope, metadata: { version: '1.0' } })));
    // The delivery keeps what was sent: a replay or a retry sends the same narrowed bytes.
    const [row] = (await suite.db.query('SELECT data FROM webhooks.webhook_deliveries WHERE webhook_id = $1', [
      webhook.id,
    ])) as Array<{
      data: object;
    }>;
    expect(row!.data).toEqual({ body: 'Hello', contact_phone: '+14155550107' });
    // A test send is narrowed the same way.
    await suite
      .request('post', `/api/webhooks/${webhook.id}/test`, await admin.token())
      .send({ event: 'lead.generated' })
      .expect(201);
    const [, tested] = await receivedAt('/narrow', 2);
    expect(JSON.parse(tested!.body).data).toEqual({ email: 'lead@example.com' });
  });

  it('sends an empty data when the kind has none of the fields', async () => {
    await createWebhook(hook('/none-of-them', ['sms.sent', 'lead.generated'], { fields: ['email'] }));
    await suite.publish([sms('+14155550108')]);
    const [hit] = await receivedAt('/none-of-them', 1);
    const body = JSON.parse(hit!.body) as { event: string; data: object };
    expect({ event: body.event, data: body.data }).toEqual({ event: 'sms.sent', data: {} });
  });
});

async function receivedAt(path: string, count: number) {
  await eventually(
    async () => receiver.hitsOf(path).length,
    (n) => n >= count,
    { timeoutMs: 60_000, what: `${count} request(s) at ${path}` },
  );
  return receiver.hitsOf(path);
}

/** A new record's event in the admin's company: a fresh id is its subject and its `id`. */
function recordEvent<T extends EventType>(type: T, fields: Omit<EventMap[T], 'id' | 'company_id'>): NewEvent {
  const id = suite.freshId();
  const data = { id, company_id: admin.companyId, ...fields } as EventMap[T];
  return newEvent(type, { companyId: admin.companyId, subject: id, data });
}

function appointment(contactId: string): NewEvent {
  const now = new Date().toISOString();
  return recordEvent('appointment.scheduled', {
    contact_id: contactId,
    title: 'Roof inspection',
    starts_at: now,
    ends_at: now,
    assigned_to: null,
    status: 'scheduled',
    booked_at: now,
    cancelled_at: null,
    changed_by: null,
  });
}

function call(change: { contact_id: string | null; called_number?: string }): NewEvent {
  const callId = `sbx_call_${suite.freshId()}`;
  return newEvent('call.started', {
    companyId: admin.companyId,
    subject: callId,
    data: ringingCall({
      call_id: callId,
      company_id: admin.companyId,
      called_number: change.called_number ?? '+12125550142',
      contact_id: change.contact_id,
      started_at: new Date().toISOString(),
    }),
  });
}

function campaign(listId: string): NewEvent {
  return recordEvent('campaign.started', {
    name: 'Reactivation',
    status: 'running',
    list_id: listId,
    agent_id: null,
    caller_number: null,
    total_contacts: 1,
    done_contacts: 0,
    started_at: new Date().toISOString(),
    completed_at: null,
    changed_by: null,
  });
}

function agent(): NewEvent {
  const { id: _id, company_id: _companyId, ...fields } = onlineAgent({ updated_at: new Date().toISOString() });
  return recordEvent('agent.created', fields);
}

describe('an erased number (decision 0050)', () => {
  const PHONE = '+14155550177';
  const erasure = (contactId: string) =>
    newEvent('crm_contact.erased', {
      companyId: admin.companyId,
      subject: contactId,
      data: {
        id: contactId,
        company_id: admin.companyId,
        phone: PHONE,
        email: null,
        first_name: 'Erin',
        last_name: 'Erased',
        erased_at: new Date().toISOString(),
        requested_by: null,
      },
    });
  const messagingReport = (contactId: string) =>
    newEvent('contact.erased', {
      companyId: admin.companyId,
      subject: `${admin.companyId}:crm:${contactId}`,
      data: {
        company_id: admin.companyId,
        crm_contact_id: contactId,
        messages_erased: 1,
        opt_out_kept: false,
        erased_at: new Date().toISOString(),
      },
    });
  const handled = (eventId: string) =>
    suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.inbox WHERE event_id = $1', [eventId]);
  const deliveries = async (eventId: string) =>
    (
      (await suite.db.query('SELECT count(*)::int AS n FROM webhooks.webhook_deliveries WHERE event_id = $1', [
        eventId,
      ])) as Array<{
        n: number;
      }>
    )[0]!.n;

  it("skips the texts that happened before the erasure ended, however late they come, and delivers the person's new ones", async () => {
    const all = (await createWebhook(hook('/erased-number', ['sms.sent']))).id;
    const contactId = suite.freshId();
    // Messaging's text of before the erasure, still on its way: it happened before, and is read after the platform's event.
    const inFlight = sms(PHONE);
    await suite.publish([erasure(contactId)]);
    await suite.readModelHas(
      'SELECT count(*)::int AS n FROM webhooks.erased_phones WHERE company_id = $1 AND erased_at IS NULL',
      [admin.companyId],
    );
    await suite.publish([inFlight]);
    await handled(inFlight.envelope.id);
    expect(await deliveries(inFlight.envelope.id)).toBe(0);

    await suite.publish([messagingReport(contactId)]);
    await suite.readModelHas(
      'SELECT count(*)::int AS n FROM webhooks.erased_phones WHERE company_id = $1 AND erased_at IS NOT NULL',
      [admin.companyId],
    );
    // The number is kept only as a keyed hash.
    const kept = (await suite.db.query('SELECT phone_hash FROM webhooks.erased_phones WHERE company_id = $1', [
      admin.companyId,
    ])) as Array<{
      phone_hash: string;
    }>;
    expect(kept).toEqual([{ phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(kept)).not.toContain(PHONE.slice(1));
    // Another text of before, later still: skipped too. A text after the erasure is the person's new message: delivered.
    const late = sms(PHONE);
    (late.envelope as { occurred_at: string }).occurred_at = inFlight.envelope.occurred_at;
    await suite.publish([late]);
    await handled(late.envelope.id);
    expect(await deliveries(late.envelope.id)).toBe(0);
    const fresh = sms(PHONE);
    await suite.publish([fresh]);
    await suite.readModelHas(
      'SELECT count(*)::int AS n FROM webhooks.webhook_deliveries WHERE event_id = $1 AND webhook_id = $2',
      [fresh.envelope.id, all],
    );
  });
});
