import { Topics } from '@suite/contracts';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';

/**
 * Selection lists on real PostgreSQL and Kafka: the tenancy rules of every route, the fixed
 * messages, base64 ids, contacts of another company refused by name, repeats ignored, and a
 * deleted contact leaving its lists.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('lists');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');

/** A list of the company with one contact on it. */
async function listWithContact(companyId: string) {
  const contact = await platform.contact(companyId, { firstName: 'Ada' });
  return { id: await platform.list(companyId, [contact.id]), contact };
}

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/lists',
    permission: 'view-contacts',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'post',
    path: '/api/lists',
    permission: 'edit-contacts',
    target: async () => ({ body: { name: 'Spring' } }),
    status: 201,
    expected: { success: true, message: 'List created successfully.', data: { name: 'Spring', contacts_count: 0 } },
  },
  {
    method: 'post',
    path: '/api/lists/{id}/contacts',
    permission: 'edit-contacts',
    target: async (key) => {
      const { id } = await listWithContact(fixture.company[key]);
      const other = await platform.contact(fixture.company[key], { firstName: 'Grace' });
      return { id, body: { contact_ids: [b64(other.id)] } };
    },
    status: 201,
    expected: { success: true, message: 'Contacts added to list successfully.', data: { contacts_count: 2 } },
  },
  {
    method: 'delete',
    path: '/api/lists/{id}/contacts/{contact_id}',
    permission: 'edit-contacts',
    target: async (key) => {
      const { id, contact } = await listWithContact(fixture.company[key]);
      return { id, params: { contact_id: b64(contact.id) } };
    },
    status: 200,
    expected: { success: true, message: 'Contact removed from list successfully.' },
  },
  {
    method: 'delete',
    path: '/api/lists/{id}',
    permission: 'edit-contacts',
    target: async (key) => ({ id: (await listWithContact(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'List deleted successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('lists', () => {
  it('creates a list with contacts in any spelling, answers base64 ids, and lists the lists in id order', async () => {
    const company = await platform.company('Lists');
    const admin = await platform.actor(company, ['edit-contacts', 'view-contacts']);
    const token = await admin.token();
    const [ada, grace, alan] = [
      await platform.contact(company, { firstName: 'Ada' }),
      await platform.contact(company, { firstName: 'Grace' }),
      await platform.contact(company, { firstName: 'Alan' }),
    ];
    const created = await platform
      .request('post', '/api/lists', token)
      .send({ name: 'Spring', contact_ids: [Number(ada!.id), b64(grace!.id), platform.codec.encrypt(alan!.id), b64(ada!.id)] })
      .expect(201);
    expect(created.body).toEqual({
      success: true,
      message: 'List created successfully.',
      data: { id: expect.any(String), name: 'Spring', contacts_count: 3, created_at: expect.any(String) },
    });
    const firstId = created.body.data.id as string;
    expect(Buffer.from(firstId, 'base64').toString()).toMatch(/^[0-9]+$/);
    const second = await platform.request('post', '/api/lists', token).send({ name: 'Empty', contact_ids: [] }).expect(201);
    const listed = await platform.request('get', '/api/lists', token).expect(200);
    expect(listed.body).toEqual({
      success: true,
      data: [
        { id: firstId, name: 'Spring', contacts_count: 3, created_at: created.body.data.created_at },
        { id: second.body.data.id, name: 'Empty', contacts_count: 0, created_at: expect.any(String) },
      ],
    });
  });

  it('refuses another company’s, deleted, unknown and undecodable contacts with 422 naming them', async () => {
    const token = await fixture.admin.A.token();
    const own = await platform.contact(fixture.company.A);
    const foreign = await platform.contact(fixture.company.B);
    const deleted = await platform.contact(fixture.company.A);
    await platform.request('delete', `/api/contacts/${deleted.id}`, token).expect(200);
    const created = await platform
      .request('post', '/api/lists', token)
      .send({ name: 'Bad', contact_ids: [b64(own.id), b64(foreign.id)] })
      .expect(422);
    expect(created.body).toEqual({
      success: false,
      message: 'contact_ids must be contacts of the company.',
      errors: { contact_ids: [`not contacts of the company: ${b64(foreign.id)}`] },
    });
    const list = await platform.list(fixture.company.A, [own.id]);
    const added = await platform
      .request('post', `/api/lists/${b64(list)}/contacts`, token)
      .send({ contact_ids: [Number(deleted.id), 'nope', 99_999_999, Number(own.id)] })
      .expect(422);
    expect(added.body.errors.contact_ids).toEqual([`not contacts of the company: ${deleted.id}, nope, 99999999`]);
    const listed = await platform.request('get', '/api/lists', token).expect(200);
    expect(listed.body.data.find((row: { id: string }) => row.id === b64(list))).toMatchObject({ contacts_count: 1 });
    expect(listed.body.data.some((row: { name: string }) => row.name === 'Bad')).toBe(false);
  });

  it('ignores repeats and contacts already on the list', async () => {
    const token = await fixture.admin.A.token();
    const [one, two] = [await platform.contact(fixture.company.A), await platform.contact(fixture.company.A)];
    const list = await platform.list(fixture.company.A, [one!.id]);
    const added = await platform
      .request('post', `/api/lists/${list}/contacts`, token)
      .send({ contact_ids: [b64(one!.id), Number(two!.id), b64(two!.id), two!.id] })
      .expect(201);
    expect(added.body).toEqual({
      success: true,
      message: 'Contacts added to list successfully.',
      data: { id: b64(list), name: 'Campaign', contacts_count: 2, created_at: expect.any(String) },
    });
  });

  it('answers 404 for a contact not on the list, and takes one off only once', async () => {
    const token = await fixture.admin.A.token();
    const { id, contact } = await listWithContact(fixture.company.A);
    const stranger = await platform.contact(fixture.company.A);
    const notOn = await platform.request('delete', `/api/lists/${id}/contacts/${stranger.id}`, token).expect(404);
    expect(notOn.body).toMatchObject({ success: false, message: 'Contact is not on the list.' });
    await platform.request('delete', `/api/lists/${id}/contacts/${platform.codec.encrypt(contact.id)}`, token).expect(200);
    await platform.request('delete', `/api/lists/${id}/contacts/${b64(contact.id)}`, token).expect(404);
    await platform.request('delete', `/api/lists/${id}/contacts/garbage`, token).expect(404);
  });

  it('takes a deleted contact off its lists', async () => {
    const token = await fixture.admin.A.token();
    const { id, contact } = await listWithContact(fixture.company.A);
    await platform.request('delete', `/api/contacts/${b64(contact.id)}`, token).expect(200);
    const listed = await platform.request('get', '/api/lists', token).expect(200);
    expect(listed.body.data.find((row: { id: string }) => row.id === b64(id))).toMatchObject({ contacts_count: 0 });
    await platform.request('delete', `/api/lists/${id}/contacts/${contact.id}`, token).expect(404);
  });

  it('refuses a blank or long name and more than 1,000 contacts with 400', async () => {
    const token = await fixture.admin.A.token();
    // One sentence per field; left out, it is required (not every rule its absence breaks).
    const refusals: Array<[object, string]> = [
      [{ name: '  ' }, 'name must not be blank'],
      [{ name: 'x'.repeat(256) }, 'name must be shorter than or equal to 255 characters'],
      [{}, 'name is required'],
    ];
    for (const [body, sentence] of refusals) {
      const response = await platform.request('post', '/api/lists', token).send(body).expect(400);
      expect(response.body).toEqual({ success: false, message: sentence, errors: { name: [sentence] } });
    }
    const tooMany = await platform
      .request('post', '/api/lists', token)
      .send({ name: 'Big', contact_ids: Array.from({ length: 1_001 }, (_, index) => index + 1) })
      .expect(400);
    expect(tooMany.body.errors).toHaveProperty('contact_ids');
    const list = await platform.list(fixture.company.A);
    for (const body of [{ contact_ids: [] }, { contact_ids: [0] }, { contact_ids: 'NDI=' }, {}]) {
      const response = await platform.request('post', `/api/lists/${list}/contacts`, token).send(body).expect(400);
      expect(response.body.errors).toHaveProperty('contact_ids');
    }
  });

  it('announces every change on platform.list.v1, in order, with who made it; members already on it are not announced again', async () => {
    const token = await fixture.admin.A.token();
    const by = fixture.admin.A.id;
    const company = fixture.company.A;
    const [one, two] = [await platform.contact(company), await platform.contact(company)];
    const created = await platform
      .request('post', '/api/lists', token)
      .send({ name: 'Told', contact_ids: [one.id] })
      .expect(201);
    const id = Buffer.from(created.body.data.id as string, 'base64').toString();
    await platform
      .request('post', `/api/lists/${id}/contacts`, token)
      .send({ contact_ids: [one.id, two.id] })
      .expect(201);
    await platform
      .request('post', `/api/lists/${id}/contacts`, token)
      .send({ contact_ids: [two.id] })
      .expect(201);
    await platform.request('delete', `/api/lists/${id}/contacts/${b64(one.id)}`, token).expect(200);
    await platform.request('delete', `/api/lists/${b64(id)}`, token).expect(200);
    const events = (await platform.db.query(
      'SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq',
      [Topics.platformList, id],
    )) as Array<{ type: string; envelope: { company_id: string; data: object } }>;
    expect(events.map(({ type, envelope }) => ({ type, company: envelope.company_id, data: envelope.data }))).toEqual([
      { type: 'list.created', company, data: { id, company_id: company, name: 'Told', changed_by: by } },
      { type: 'list.contacts_added', company, data: { id, company_id: company, contact_ids: [one.id], changed_by: by } },
      { type: 'list.contacts_added', company, data: { id, company_id: company, contact_ids: [two.id], changed_by: by } },
      { type: 'list.contact_removed', company, data: { id, company_id: company, contact_id: one.id, changed_by: by } },
      { type: 'list.deleted', company, data: { id, company_id: company, changed_by: by } },
    ]);
  });

  it('deletes a list, keeping its contacts', async () => {
    const token = await fixture.admin.A.token();
    const { id, contact } = await listWithContact(fixture.company.A);
    await platform.request('delete', `/api/lists/${b64(id)}`, token).expect(200);
    await platform.request('delete', `/api/lists/${id}`, token).expect(404);
    await platform.request('get', `/api/contacts/${contact.id}`, token).expect(200);
  });
});
