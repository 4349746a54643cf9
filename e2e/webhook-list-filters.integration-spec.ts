import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { eventually } from '@suite/testing';
import type { TestReceiver, WebhookDispatchTestApp } from '@suite/webhook-dispatch-app/testing';
import { startPlatformWebhooks, type PlatformWebhooks } from './support/platform-webhooks';

/**
 * A webhook limited to a list, end to end (decision 0036): the platform and webhook-dispatch on one
 * Kafka topic prefix, each on its own database; webhook-dispatch learns lists and members only from
 * the platform's events. A list made through POST /api/lists can be used by a webhook in the next
 * request; leads created on it reach the limited webhook, a lead created on no list does not; a
 * contact added later, and then taken off, is followed by its appointments; another company's list
 * is 422. The harness's own webhook (every lead and appointment, no list) is the witness: once it
 * has an event, the limited webhook's fate for it is decided (both come from one statement).
 */
let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let dispatch: WebhookDispatchTestApp;
let receiver: TestReceiver;
let admin: TestUser;

beforeAll(async () => {
  harness = await startPlatformWebhooks({
    name: 'webhook_list_filters',
    companyName: 'Hopper Roofing',
    permissions: ['edit-contacts', 'view-contacts', 'edit-appointments'],
    kinds: ['lead.generated', 'appointment.scheduled'],
    path: '/all',
  });
  ({ platform, dispatch, receiver, admin } = harness);
}, 180_000);

afterAll(() => harness?.stop());

const numeric = (base64: string) => Buffer.from(base64, 'base64').toString();

/** The webhooks (other than the witness) that got a delivery whose data has `key` = `value`, once the witness has it. */
async function deliveredTo(key: 'lead_id' | 'appointment_id', value: string): Promise<string[]> {
  const rows = async () =>
    (await dispatch.db.query('SELECT webhook_id FROM webhooks.webhook_deliveries WHERE data->>$1 = $2', [key, value])) as Array<{
      webhook_id: string;
    }>;
  await eventually(
    async () => (await rows()).filter((row) => row.webhook_id === harness.webhook.id).length,
    (n) => n === 1,
    { timeoutMs: 60_000, what: `the ${key} ${value} to reach the witness webhook` },
  );
  return (await rows()).map((row) => row.webhook_id).filter((id) => id !== harness.webhook.id);
}

async function createContact(body: object): Promise<string> {
  const response = await platform
    .request('post', '/api/contacts', await admin.token())
    .send({ first_name: 'Lead', ...body })
    .expect(201);
  return numeric(response.body.data.id as string);
}

async function book(contactId: string): Promise<string> {
  const response = await platform
    .request('post', '/api/appointments', await admin.token())
    .send({
      contact_id: Number(contactId),
      title: 'Roof inspection',
      starts_at: '2031-01-02T15:00:00Z',
      ends_at: '2031-01-02T15:30:00Z',
    })
    .expect(201);
  return numeric(response.body.data.id as string);
}

it('delivers to a list-limited webhook only what is about a contact on the list when it happens', async () => {
  const token = await admin.token();
  const list = await platform.request('post', '/api/lists', token).send({ name: 'Spring' }).expect(201);
  const listId = list.body.data.id as string;
  // The next request: the list's event may still be on its way to webhook-dispatch.
  const limited = await dispatch
    .request('post', '/api/webhooks', token)
    .send({
      title: 'Spring only',
      url: `${receiver.base()}/spring`,
      events: ['lead.generated', 'appointment.scheduled'],
      list_id: listId,
    })
    .expect(201);
  const limitedId = limited.body.data.id as string;
  expect(limited.body.data.list_id).toBe(Number(numeric(listId)));

  const onList = await createContact({ list_ids: [listId] });
  expect(await deliveredTo('lead_id', onList)).toEqual([limitedId]);
  const offList = await createContact({});
  expect(await deliveredTo('lead_id', offList)).toEqual([]);

  expect(await deliveredTo('appointment_id', await book(offList))).toEqual([]);
  await platform
    .request('post', `/api/lists/${listId}/contacts`, token)
    .send({ contact_ids: [offList] })
    .expect(201);
  await waitForMembershipFact(listId, offList, true);
  expect(await deliveredTo('appointment_id', await book(offList))).toEqual([limitedId]);

  await platform.request('delete', `/api/lists/${listId}/contacts/${onList}`, token).expect(200);
  await waitForMembershipFact(listId, onList, false);
  expect(await deliveredTo('appointment_id', await book(onList))).toEqual([]);
}, 120_000);

it('refuses another company’s list (422 by field) that webhook-dispatch knows', async () => {
  const other = await platform.company('Another Roofing');
  const foreign = await platform.list(other);
  await eventually(
    async () =>
      (await dispatch.db.query('SELECT company_id::text FROM webhooks.list_replicas WHERE id = $1', [foreign])) as unknown,
    (rows) => JSON.stringify(rows) === JSON.stringify([{ company_id: other }]),
    { timeoutMs: 60_000, what: 'the other company’s list to reach webhook-dispatch' },
  );
  const body = { title: 'Theirs', url: `${receiver.base()}/theirs`, events: ['lead.generated'], list_id: Number(foreign) };
  const refused = await dispatch
    .request('post', '/api/webhooks', await admin.token())
    .send(body)
    .expect(422);
  expect(refused.body).toEqual({
    success: false,
    message: 'list_id must be a list of the company.',
    errors: { list_id: [`not a list of the company: ${foreign}`] },
  });
}, 60_000);

/** A membership fact of (list, contact) — a join or a leave — in webhook-dispatch's read model. */
async function waitForMembershipFact(listBase64: string, contactId: string, joined: boolean): Promise<void> {
  await eventually(
    async () =>
      (
        (await dispatch.db.query(
          'SELECT count(*)::int AS n FROM webhooks.list_membership_changes WHERE list_id = $1 AND contact_id = $2 AND joined = $3',
          [numeric(listBase64), contactId, joined],
        )) as Array<{ n: number }>
      )[0]!.n,
    (n) => n >= 1,
    { timeoutMs: 60_000, what: `contact ${contactId} ${joined ? 'joining' : 'leaving'} the list to reach webhook-dispatch` },
  );
}
