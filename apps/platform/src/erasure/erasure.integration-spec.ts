import { randomUUID } from 'node:crypto';
import { Topics } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../testing';
import { ContactErasureService } from './contact-erasure.service';

/**
 * A contact's erasure on the platform's side, on real PostgreSQL and Kafka: the route's rules, what
 * the platform's own tables keep, the event, asking twice, and the other apps' reports completing
 * it (their part is e2e/contact-erasure.integration-spec.ts).
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('erasure');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/contacts/{id}/erase',
    permission: 'erase-contacts',
    target: async (key) => ({ id: (await platform.contact(fixture.company[key])).id }),
    status: 202,
    expected: { success: true, message: 'Contact erasure accepted.', data: { completed: false } },
  },
  {
    method: 'get',
    path: '/api/contacts/{id}/erase',
    permission: 'erase-contacts',
    target: async (key) => {
      const contact = await platform.contact(fixture.company[key]);
      await platform.app.get(ContactErasureService).request(fixture.company[key], contact.id, null);
      return { id: contact.id };
    },
    status: 200,
    expected: { success: true, data: { completed: false } },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

const mentions = async (value: string): Promise<string[]> =>
  (
    (await platform.db.query(
      `SELECT type FROM platform.outbox WHERE strpos(envelope::text, $1) > 0
       UNION ALL SELECT 'contact' FROM platform.contacts c WHERE strpos(row_to_json(c)::text, $1) > 0
       UNION ALL SELECT 'appointment' FROM platform.appointments a WHERE strpos(row_to_json(a)::text, $1) > 0
       UNION ALL SELECT 'call' FROM platform.calls k WHERE strpos(row_to_json(k)::text, $1) > 0`,
      [value],
    )) as Array<{ type: string }>
  ).map((row) => row.type);

describe('erasing a contact', () => {
  it('anonymises the contact, its appointments and calls, keeps the rows, and announces crm_contact.erased once', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const tag = randomUUID().slice(0, 8);
    const phone = `+1415${String(Date.now()).slice(-7)}`;
    const contact = await platform.contact(company, {
      firstName: `Ada${tag}`,
      lastName: `Lovelace${tag}`,
      phone,
      email: `ada.${tag}@example.com`,
      source: 'facebook',
      tags: ['vip'],
      customFields: { note: `likes ${tag}` },
    });
    const appointment = await platform.appointment(company, { contactId: contact.id, title: `Consultation with Ada${tag}` });
    await platform.db.query(
      `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, contact_id,
                                   recording_url, transcription, summary, started_at)
       VALUES ($1, 'sandbox', $2, 'outbound', '+14155550100', $3, $4, 'https://rec.example/1.mp3', $5, $5, now())`,
      [company, `call-${tag}`, phone, contact.id, `Hi Ada${tag}, this is the clinic`],
    );
    expect(await mentions(phone)).not.toEqual([]);

    const first = await platform.request('post', `/api/contacts/${contact.id}/erase`, token).expect(202);
    expect(first.body.data).toEqual({
      contact_id: Number(contact.id),
      requested_at: expect.any(String),
      requested_by: Number(fixture.admin.A.id),
      completed: false,
      completed_at: null,
      apps: [
        { app: 'platform', state: 'erased', erased_at: first.body.data.requested_at },
        { app: 'messaging', state: 'pending', erased_at: null },
        { app: 'webhook-dispatch', state: 'pending', erased_at: null },
      ],
    });
    // Asking again answers the same erasure and erases nothing twice.
    const again = await platform.request('post', `/api/contacts/${contact.id}/erase`, token).expect(202);
    expect(again.body.data).toEqual(first.body.data);

    const [row] = await platform.db.query(
      'SELECT first_name, last_name, phone, email, source, tags, custom_fields, deleted_at FROM platform.contacts WHERE id = $1',
      [contact.id],
    );
    expect(row).toEqual({
      first_name: 'Erased contact',
      last_name: null,
      phone: null,
      email: null,
      source: 'facebook',
      tags: [],
      custom_fields: {},
      deleted_at: expect.any(Date),
    });
    expect(await platform.db.query('SELECT title FROM platform.appointments WHERE id = $1', [appointment.id])).toEqual([
      { title: 'Erased' },
    ]);
    expect(
      await platform.db.query(
        'SELECT called_number, recording_url, transcription, summary FROM platform.calls WHERE call_id = $1',
        [`call-${tag}`],
      ),
    ).toEqual([{ called_number: '', recording_url: null, transcription: null, summary: null }]);

    // Only the erasure event itself still names the person (the other apps find their copies by it).
    const erased = await platform.db.query(
      "SELECT envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 AND type = 'crm_contact.erased'",
      [Topics.platformContact, contact.id],
    );
    expect(erased).toHaveLength(1);
    expect(erased[0].envelope.data).toMatchObject({
      id: contact.id,
      phone,
      first_name: `Ada${tag}`,
      last_name: `Lovelace${tag}`,
    });
    expect(await mentions(phone)).toEqual(['crm_contact.erased']);
    expect(await mentions(`Ada${tag}`)).toEqual(['crm_contact.erased']);
    await platform.request('get', `/api/contacts/${contact.id}`, token).expect(404);
  });

  it('is complete when messaging and webhook-dispatch have reported, and then forgets the erasure event', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const contact = await platform.contact(company, { firstName: 'Grace', lastName: 'Hopper', phone: '+14155550177' });
    await platform.request('post', `/api/contacts/${contact.id}/erase`, token).expect(202);
    const at = new Date().toISOString();
    const report = async (event: ReturnType<typeof newEvent>) =>
      platform.db.transaction((manager) => platform.app.get(Outbox).append(manager, event));
    await report(
      newEvent('contact.erased', {
        companyId: company,
        subject: `${company}:crm:${contact.id}`,
        data: { company_id: company, crm_contact_id: contact.id, messages_erased: 0, opt_out_kept: false, erased_at: at },
      }),
    );
    const half = await eventually(
      async () => (await platform.request('get', `/api/contacts/${contact.id}/erase`, token).expect(200)).body.data,
      (data) => data.apps[1].state === 'erased',
      { timeoutMs: 30_000, what: "messaging's report" },
    );
    expect(half).toMatchObject({ completed: false, apps: [{ state: 'erased' }, { state: 'erased' }, { state: 'pending' }] });
    await report(
      newEvent('webhook.contact_erased', {
        companyId: company,
        subject: `${company}:crm:${contact.id}`,
        data: { company_id: company, crm_contact_id: contact.id, deliveries_scrubbed: 0, erased_at: at },
      }),
    );
    const done = await eventually(
      async () => (await platform.request('get', `/api/contacts/${contact.id}/erase`, token).expect(200)).body.data,
      (data) => data.completed === true,
      { timeoutMs: 30_000, what: "webhook-dispatch's report" },
    );
    expect(done.apps.map((app: { state: string }) => app.state)).toEqual(['erased', 'erased', 'erased']);
    expect(await mentions('+14155550177')).toEqual([]);
  });

  it('erases a contact deleted earlier, and answers 404 for an erasure never asked for', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const contact = await platform.contact(company, { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org' });
    await platform.request('get', `/api/contacts/${contact.id}/erase`, token).expect(404);
    await platform.request('delete', `/api/contacts/${contact.id}`, token).expect(200);
    await platform.request('post', `/api/contacts/${contact.id}/erase`, token).expect(202);
    expect(await platform.db.query('SELECT email FROM platform.contacts WHERE id = $1', [contact.id])).toEqual([{ email: null }]);
  });
});
