import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { eventually } from '@suite/testing';
import type { WebhookDispatchTestApp } from '@suite/webhook-dispatch-app/testing';
import { startPlatformWebhooks, type PlatformWebhooks } from '../support/platform-webhooks';

/**
 * What a hostile tenant can put in a webhook's `list_id` and `fields` (decision 0036), on create and
 * update, against the platform and webhook-dispatch over real Kafka: another company's list in
 * every spelling the platform hands out or accepts (numeric, padded and unpadded base64, URL-safe,
 * leading zeros, its encrypted form, which webhook-dispatch cannot read), a deleted list, ids that
 * decode to nothing, and field names that are no field of a subscribed kind (the envelope's keys,
 * object-prototype names, case and look-alike variants). Each is a 422 naming its field in the
 * API's error shape, and nothing is created or changed.
 */
let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let dispatch: WebhookDispatchTestApp;
let admin: TestUser;
let ownList: string;
let foreignList: string;
let deletedList: string;

const b64 = (id: string) => Buffer.from(id).toString('base64');

beforeAll(async () => {
  harness = await startPlatformWebhooks({
    name: 'hostile_webhook_filters',
    companyName: 'Hostile Roofing',
    permissions: ['edit-contacts'],
    kinds: ['sms.sent'],
    path: '/hostile',
  });
  ({ platform, dispatch, admin } = harness);
  const other = await platform.company('Foreign Roofing');
  foreignList = await platform.list(other);
  ownList = await platform.list(admin.companyId);
  deletedList = await platform.list(admin.companyId);
  await platform.request('delete', `/api/lists/${deletedList}`, await admin.token()).expect(200);
  // The read model knows all three, so each answer below is about the id, not about an event on its way.
  await eventually(
    async () =>
      (await dispatch.db.query(
        'SELECT id::text, company_id::text, deleted_at IS NOT NULL AS deleted FROM webhooks.list_replicas WHERE id = ANY ($1::bigint[]) ORDER BY id',
        [[foreignList, ownList, deletedList]],
      )) as Array<{ id: string; company_id: string; deleted: boolean }>,
    (rows) => rows.length === 3 && rows.some((row) => row.id === deletedList && row.deleted),
    { timeoutMs: 60_000, what: 'the lists to reach webhook-dispatch' },
  );
}, 180_000);

afterAll(() => harness?.stop());

const body = (change: object) => ({
  title: 'Hostile',
  url: 'http://127.0.0.1:9/hostile',
  events: ['sms.sent', 'lead.generated'],
  ...change,
});

/** Spellings that name no live list of the admin's company; none needs the read model to wait. */
const hostileListIds = (): Array<[string, unknown]> => [
  ['foreign, numeric', Number(foreignList)],
  ['foreign, numeric text', foreignList],
  ['foreign, leading zeros', `000${foreignList}`],
  ['foreign, base64', b64(foreignList)],
  ['foreign, base64 unpadded', b64(foreignList).replace(/=+$/, '')],
  ['foreign, base64url', Buffer.from(foreignList).toString('base64url')],
  ['foreign, encrypted', platform.codec.encrypt(foreignList)],
  ['own, encrypted (webhook-dispatch holds no key)', platform.codec.encrypt(ownList)],
  ['own, deleted', b64(deletedList)],
  ['beyond a bigint', '9223372036854775808'],
  ['zero in base64', b64('0')],
  ['negative in base64', b64('-5')],
  ['padded with a space', ` ${ownList}`],
  ['fullwidth digits', '４２'],
  ['base64 with a newline', `${b64(ownList)}\n`],
  ['non-canonical base64', 'NDJ='],
  ['path traversal', `../${ownList}`],
];

const HOSTILE_FIELDS = [
  'event',
  'timestamp',
  'webhook_id',
  'metadata',
  'data',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'EMAIL',
  'email ',
  'еmail',
  'lead_id.name',
  '*',
  'call_id',
];

describe('list_id a tenant may not use', () => {
  it('is 422 by field on create, nothing created', async () => {
    const token = await admin.token();
    const before = await dispatch.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks');
    for (const [what, listId] of hostileListIds()) {
      const answer = await dispatch.request('post', '/api/webhooks', token).send(body({ list_id: listId }));
      expect({ what, status: answer.status, body: answer.body }).toEqual({
        what,
        status: 422,
        body: {
          success: false,
          message: 'list_id must be a list of the company.',
          errors: { list_id: [`not a list of the company: ${String(listId)}`] },
        },
      });
    }
    expect(await dispatch.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks')).toEqual(before);
  });

  it('is 422 by field on update, nothing changed', async () => {
    const token = await admin.token();
    const created = await dispatch
      .request('post', '/api/webhooks', token)
      .send(body({ list_id: b64(ownList), fields: ['body'] }))
      .expect(201);
    const id = created.body.data.id as string;
    for (const [what, listId] of hostileListIds()) {
      const answer = await dispatch
        .request('put', `/api/webhooks/${id}`, token)
        .send(body({ title: 'Changed', list_id: listId }));
      expect({ what, status: answer.status, errors: answer.body.errors }).toEqual({
        what,
        status: 422,
        errors: { list_id: [`not a list of the company: ${String(listId)}`] },
      });
    }
    const shown = await dispatch.request('get', `/api/webhooks/${id}`, token).expect(200);
    expect(shown.body.data).toMatchObject({ title: 'Hostile', list_id: Number(ownList), fields: ['body'] });
  });
});

describe('fields no subscribed kind has', () => {
  it('is 422 naming each, on create and update, nothing created or changed', async () => {
    const token = await admin.token();
    const before = await dispatch.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks');
    const created = await dispatch.request('post', '/api/webhooks', token).send(body({ fields: ['email', ...HOSTILE_FIELDS] }));
    expect({ status: created.status, body: created.body }).toEqual({
      status: 422,
      body: {
        success: false,
        message: 'fields must name fields of the subscribed event kinds.',
        errors: { fields: [`no subscribed event kind has: ${HOSTILE_FIELDS.join(', ')}`] },
      },
    });
    expect(await dispatch.db.query('SELECT count(*)::int AS n FROM webhooks.webhooks')).toEqual(before);
    const kept = await dispatch
      .request('post', '/api/webhooks', token)
      .send(body({ fields: ['email'] }))
      .expect(201);
    for (const field of HOSTILE_FIELDS) {
      const answer = await dispatch
        .request('put', `/api/webhooks/${kept.body.data.id}`, token)
        .send(body({ fields: ['body', field] }));
      expect({ field, status: answer.status, errors: answer.body.errors }).toEqual({
        field,
        status: 422,
        errors: { fields: [`no subscribed event kind has: ${field}`] },
      });
    }
    const shown = await dispatch.request('get', `/api/webhooks/${kept.body.data.id}`, token).expect(200);
    expect(shown.body.data.fields).toEqual(['email']);
  });
});
