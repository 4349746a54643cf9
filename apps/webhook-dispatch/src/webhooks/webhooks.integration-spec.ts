import { crmEvents, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * The webhook management API on real PostgreSQL and Kafka: manage-webhooks, company scoping
 * (another company's webhook is 404), validation of every field, pagination, and the secret
 * shown only on create and rotate, the previous one kept for 24 hours.
 */
let suite: WebhookDispatchTestApp;
let admin: TestActor;
let limited: TestActor;
let stranger: TestActor;
let agency: TestActor;
let child: TestActor;

const valid = { title: 'CRM sync', url: 'https://example.com/hooks', events: ['call.started', 'call.started', 'sms.sent'] };

beforeAll(async () => {
  suite = await WebhookDispatchTestApp.start('webhooks');
  [admin, limited] = await suite.company([['manage-webhooks'], ['view-users']]);
  [stranger] = await suite.company([['manage-webhooks']]);
  [agency] = await suite.company([['manage-webhooks']]);
  [child] = await suite.company([['manage-webhooks']], agency!.companyId);
});
afterAll(() => suite?.stop());

const create = async (actor: TestActor, body: object = valid) =>
  (
    await suite
      .request('post', '/api/webhooks', await actor.token())
      .send(body)
      .expect(201)
  ).body as {
    data: { id: string; secret: string };
  };

describe('POST /api/webhooks', () => {
  it('creates an active webhook and shows its secret once (events without duplicates)', async () => {
    const listId = suite.freshId();
    await suite.publish([crmEvents.listCreated(admin.companyId, listId)]);
    await suite.readModelHas('SELECT count(*)::int AS n FROM webhooks.list_replicas WHERE id = $1', [listId]);
    const response = await suite
      .request('post', '/api/webhooks', await admin.token())
      .send({ ...valid, list_id: Buffer.from(listId).toString('base64'), fields: ['contact_phone'] });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      success: true,
      message: 'Webhook created successfully.',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'CRM sync',
        url: 'https://example.com/hooks',
        events: ['call.started', 'sms.sent'],
        method: 'POST',
        list_id: Number(listId),
        fields: ['contact_phone'],
        status: 'active',
        hits: 0,
        last_hit: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
      },
    });
    expect(Buffer.from(response.body.data.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
  });

  it.each([
    ['title missing', { title: undefined }, 'title'],
    ['title blank', { title: '   ' }, 'title'],
    ['title too long', { title: 'x'.repeat(256) }, 'title'],
    ['url missing', { url: undefined }, 'url'],
    ['url http', { url: 'http://example.com/hooks' }, 'url'],
    ['url not a URL', { url: 'not a url' }, 'url'],
    ['url with credentials', { url: 'https://user:pw@example.com/' }, 'url'],
    ['url to a private address', { url: 'https://10.0.0.1/hooks' }, 'url'],
    ['url to the cloud metadata address', { url: 'https://169.254.169.254/latest/meta-data' }, 'url'],
    ['url to loopback', { url: 'https://127.0.0.1/hooks' }, 'url'],
    ['url to IPv6 loopback', { url: 'https://[::1]/hooks' }, 'url'],
    ['url to a CGNAT address', { url: 'https://100.64.0.1/hooks' }, 'url'],
    ['url whose name resolves to a private address', { url: 'https://intranet.example/hooks' }, 'url'],
    ['url whose name does not resolve', { url: 'https://nowhere.example/hooks' }, 'url'],
    ['events missing', { events: undefined }, 'events'],
    ['events empty', { events: [] }, 'events'],
    ['events unknown kind', { events: ['call.started', 'call.exploded'] }, 'events'],
    ['events not an array', { events: 'call.started' }, 'events'],
    ['method GET', { method: 'GET' }, 'method'],
    ['list_id zero', { list_id: 0 }, 'list_id'],
    ['list_id a fraction', { list_id: 1.5 }, 'list_id'],
    ['list_id too long', { list_id: 'M'.repeat(65) }, 'list_id'],
    ['list_id an object', { list_id: {} }, 'list_id'],
    ['fields not strings', { fields: [1] }, 'fields'],
    ['unknown field', { secret: 'whsec_mine' }, 'secret'],
  ])('refuses %s (400)', async (_name, change, field) => {
    const response = await suite
      .request('post', '/api/webhooks', await admin.token())
      .send({ ...valid, ...change })
      .expect(400);
    expect(response.body).toMatchObject({ success: false, message: expect.any(String), errors: { [field]: expect.any(Array) } });
  });

  it('says a title left out is required, in one sentence', async () => {
    const response = await suite
      .request('post', '/api/webhooks', await admin.token())
      .send({ ...valid, title: undefined })
      .expect(400);
    expect(response.body).toEqual({ success: false, message: 'title is required', errors: { title: ['title is required'] } });
  });

  it('says why a target is refused: the name and the private address it resolves to', async () => {
    const token = await admin.token();
    const created = await suite
      .request('post', '/api/webhooks', token)
      .send({ ...valid, url: 'https://intranet.example/hooks' })
      .expect(400);
    expect(created.body.message).toBe(
      'The url is refused: intranet.example resolves to 10.20.30.40, a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16); ' +
        'webhooks are only sent to public addresses.',
    );
    expect(created.body.errors).toEqual({ url: [created.body.message] });
    const { body } = await suite.request('post', '/api/webhooks', token).send(valid).expect(201);
    await suite
      .request('put', `/api/webhooks/${body.data.id}`, token)
      .send({ ...valid, url: 'https://metadata.example/latest' })
      .expect(400);
  });

  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s in a string (400, the global input check)', async (_name, title) => {
    const response = await suite
      .request('post', '/api/webhooks', await admin.token())
      .send({ ...valid, title })
      .expect(400);
    expect(response.body).toMatchObject({ success: false });
  });

  it('needs a token (401) and manage-webhooks (403, by role and by token scope)', async () => {
    await suite.request('post', '/api/webhooks', null).send(valid).expect(401);
    await suite
      .request('post', '/api/webhooks', await limited.token())
      .send(valid)
      .expect(403);
    await suite
      .request('post', '/api/webhooks', await admin.token('view-users'))
      .send(valid)
      .expect(403);
  });

  it("lets an agency act on its child through company_id, no one else's company (404)", async () => {
    const made = (
      await suite
        .request('post', `/api/webhooks?company_id=${child.companyId}`, await agency.token())
        .send(valid)
        .expect(201)
    ).body.data;
    await suite.request('get', `/api/webhooks/${made.id}`, await child.token()).expect(200);
    await suite
      .request('post', `/api/webhooks?company_id=${child.companyId}`, await stranger.token())
      .send(valid)
      .expect(404);
  });
});

describe('GET /api/webhooks', () => {
  it('pages the company’s webhooks, never with secrets nor another company’s', async () => {
    const [owner] = await suite.company([['manage-webhooks']]);
    for (let i = 0; i < 3; i++) await create(owner!, { ...valid, title: `Hook ${i}` });
    await create(stranger);
    const page = await suite.request('get', '/api/webhooks?per_page=2&page=2', await owner!.token()).expect(200);
    expect(page.body.data.pagination).toEqual({ total: 3, current_page: 2, per_page: 2, last_page: 2, from: 3, to: 3 });
    expect(page.body.data.records).toHaveLength(1);
    const all = await suite.request('get', '/api/webhooks', await owner!.token()).expect(200);
    expect(all.body.data.pagination).toMatchObject({ total: 3, per_page: 15 });
    expect(all.body.data.records.map((row: { title: string }) => row.title)).toEqual(['Hook 2', 'Hook 1', 'Hook 0']);
    expect(JSON.stringify(all.body)).not.toContain('whsec_');
  });

  it('refuses a page size over 100 (400) and answers 401/403', async () => {
    await suite.request('get', '/api/webhooks?per_page=101', await admin.token()).expect(400);
    await suite.request('get', '/api/webhooks', null).expect(401);
    await suite.request('get', '/api/webhooks', await limited.token()).expect(403);
  });
});

describe('GET, PUT, DELETE /api/webhooks/{id}', () => {
  it('shows one webhook without its secret', async () => {
    const { data } = await create(admin);
    const response = await suite.request('get', `/api/webhooks/${data.id}`, await admin.token()).expect(200);
    expect(response.body).toMatchObject({ success: true, data: { id: data.id, status: 'active' } });
    expect(response.body.data).not.toHaveProperty('secret');
  });

  it('replaces the settings, validated as on create, keeping the secret', async () => {
    const { data } = await create(admin);
    const response = await suite
      .request('put', `/api/webhooks/${data.id}`, await admin.token())
      .send({ title: 'Renamed', url: 'https://example.org/new', events: ['sms.failed'] })
      .expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Webhook updated successfully.',
      data: { title: 'Renamed', url: 'https://example.org/new', events: ['sms.failed'], list_id: null, fields: [] },
    });
    expect(response.body.data).not.toHaveProperty('secret');
    await suite
      .request('put', `/api/webhooks/${data.id}`, await admin.token())
      .send({ ...valid, url: 'ftp://x' })
      .expect(400);
    await suite
      .request('put', `/api/webhooks/${data.id}`, await admin.token())
      .send({ ...valid, events: [] })
      .expect(400);
    const [row] = await suite.db.query('SELECT secret FROM webhooks.webhooks WHERE id = $1', [data.id]);
    expect(row.secret).toBe(data.secret);
  });

  it('deletes a webhook; then it is not found', async () => {
    const { data } = await create(admin);
    await suite
      .request('delete', `/api/webhooks/${data.id}`, await admin.token())
      .expect(200, { success: true, message: 'Webhook deleted successfully.' });
    await suite.request('get', `/api/webhooks/${data.id}`, await admin.token()).expect(404);
    await suite.request('delete', `/api/webhooks/${data.id}`, await admin.token()).expect(404);
  });

  it.each([
    ['get', undefined],
    ['put', valid],
    ['delete', undefined],
    ['post', undefined],
  ] as const)("%s: another company's webhook and malformed ids are 404; 401 and 403 as everywhere", async (method, body) => {
    const { data } = await create(admin);
    const path = (id: string) => (method === 'post' ? `/api/webhooks/${id}/rotate-secret` : `/api/webhooks/${id}`);
    const call = async (id: string, actor: TestActor | null, scope?: string) =>
      suite.request(method, path(id), actor ? await actor.token(scope) : null).send(body);
    expect((await call(data.id, stranger)).body).toMatchObject({ success: false, message: 'Webhook not found.' });
    expect((await call(data.id, stranger)).status).toBe(404);
    for (const garbage of ['42', 'not-a-uuid', '00000000-0000-0000-0000-00000000000g', `${data.id}x`]) {
      expect((await call(garbage, admin)).status).toBe(404);
    }
    expect((await call(data.id, null)).status).toBe(401);
    expect((await call(data.id, limited)).status).toBe(403);
    expect((await call(data.id, admin, 'view-users')).status).toBe(403);
    expect((await suite.request('get', `/api/webhooks/${data.id}`, await admin.token())).status).toBe(200);
  });
});

describe('POST /api/webhooks/{id}/rotate-secret', () => {
  it('answers a new secret and keeps the previous one for 24 hours', async () => {
    const { data } = await create(admin);
    const before = Date.now();
    const response = await suite.request('post', `/api/webhooks/${data.id}/rotate-secret`, await admin.token()).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      success: true,
      message: 'Webhook secret rotated successfully.',
      data: { id: data.id, secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.any(String) },
    });
    const rotated = response.body.data;
    expect(rotated.secret).not.toBe(data.secret);
    const expires = Date.parse(rotated.previous_secret_expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000 + 1000);
    const [row] = await suite.db.query(
      'SELECT secret, previous_secret, previous_secret_expires_at FROM webhooks.webhooks WHERE id = $1',
      [data.id],
    );
    expect(row).toEqual({ secret: rotated.secret, previous_secret: data.secret, previous_secret_expires_at: new Date(expires) });
    const shown = await suite.request('get', `/api/webhooks/${data.id}`, await admin.token()).expect(200);
    expect(JSON.stringify(shown.body)).not.toContain('whsec_');
  });
});
