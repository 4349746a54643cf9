import { CompanyScopedRepository } from '@suite/database';
import { Topics } from '@suite/contracts';
import { AgentEntity } from '../agents/agent.entity';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { SANDBOX_LINES } from '../provider/sandbox/sandbox-inventory';
import { NumberPurchaseService } from './number-purchase.service';
import type { PhoneNumberEntity } from './phone-number.entity';
import { PurchaseTokens } from './purchase-tokens';

/**
 * Phone numbers on real PostgreSQL and Kafka with the sandbox provider (voice/sandbox): the search
 * per the sandbox's documented inventory, purchase tokens (signed, for one company, 10 minutes,
 * once), the purchase and release with their events, and tenancy on every route.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('phone_numbers');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

/**
 * Numbers the builder buys come from these area codes (the search tests use Texas and Canada, so
 * what they find is not disturbed); never a line ending in 13, which the sandbox refuses to sell.
 */
const BUILDER_AREAS = ['212', '718', '917', '213', '310', '415', '305', '407'];
const builderPool = BUILDER_AREAS.flatMap((area) =>
  SANDBOX_LINES.filter((line) => !line.endsWith('13')).map((line) => `+1${area}555${line}`),
);
let nextBuilderNumber = 0;
const freshNumber = (): string => {
  const number = builderPool[nextBuilderNumber++];
  if (!number) throw new Error('the builder ran out of sandbox numbers');
  return number;
};

const tokenFor = (companyId: string, phoneNumber: string, now = new Date()) =>
  platform.app.get(PurchaseTokens).sign({ companyId, phoneNumber, country: 'US', type: 'local' }, now);

/** A live number of the company, bought through the service (its event flows as in production). */
const ownedNumber = (companyId: string): Promise<PhoneNumberEntity> =>
  platform.app.get(NumberPurchaseService).purchase(companyId, tokenFor(companyId, freshNumber()), null);

const outboxOf = async (subject: string): Promise<Array<{ type: string; envelope: { data: Record<string, unknown> } }>> =>
  platform.db.query('SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq', [
    Topics.platformPhoneNumber,
    subject,
  ]);

const search = (token: string, query: string) => platform.request('get', `/api/phone-numbers/search-available?${query}`, token);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/phone-numbers/purchase',
    permission: 'edit-phone-numbers',
    target: async (key) => ({ body: { purchase_token: tokenFor(fixture.company[key], freshNumber()) } }),
    status: 201,
    expected: { success: true, message: 'Phone number purchased successfully.', data: { type: 'local', nickname: null } },
  },
  {
    method: 'get',
    path: '/api/phone-numbers',
    permission: 'view-phone-numbers',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'get',
    path: '/api/phone-numbers/{id}',
    permission: 'view-phone-numbers',
    target: async (key) => ({ id: (await ownedNumber(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, data: { type: 'local', country: 'US' } },
  },
  {
    method: 'put',
    path: '/api/phone-numbers/{id}',
    permission: 'edit-phone-numbers',
    target: async (key) => ({ id: (await ownedNumber(fixture.company[key])).id, body: { nickname: 'Front desk' } }),
    status: 200,
    expected: { success: true, message: 'Phone number updated successfully.', data: { nickname: 'Front desk' } },
  },
  {
    method: 'delete',
    path: '/api/phone-numbers/{id}',
    permission: 'edit-phone-numbers',
    target: async (key) => ({ id: (await ownedNumber(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Phone number released successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('search-available', () => {
  const records = (body: { data: { records: Array<{ phone_number: string }> } }) => body.data.records.map((r) => r.phone_number);

  it('lists the sandbox numbers of an area code with a purchase token each, indexed from 1', async () => {
    const response = await search(await fixture.admin.A.token(), 'provider=Carrier&areaCode=512').expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.message).toBe('Available numbers retrieved successfully.');
    expect(response.body.data.records).toHaveLength(20);
    expect(response.body.data.records[0]).toEqual({
      index: 1,
      phone_number: '+15125550100',
      friendly_name: '(512) 555-0100',
      locality: 'Austin, TX',
      capabilities: ['Voice', 'SMS', 'MMS'],
      purchase_token: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
    });
    expect(response.body.data.records.map((r: { index: number }) => r.index)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('searches by Region and City (case-insensitive), country and type case-insensitive; toll-free and GB too', async () => {
    const token = await fixture.admin.A.token();
    const region = await search(token, 'provider=Carrier&searchBy=Region&areaCode=tx').expect(200);
    expect(region.body.data.records).toHaveLength(20);
    expect(region.body.data.records.every((r: { locality: string }) => r.locality.endsWith(', TX'))).toBe(true);
    const city = await search(token, 'provider=Carrier&searchBy=City&areaCode=houston&phone_country=us').expect(200);
    expect(records(city.body)[0]).toBe('+17135550100');
    expect(city.body.data.records[0].locality).toBe('Houston, TX');
    const canada = await search(token, 'provider=Carrier&phone_country=CA&searchBy=City&areaCode=Vancouver').expect(200);
    expect(records(canada.body)[0]).toBe('+16045550100');
    const tollFree = await search(token, 'provider=Carrier&phone_type=tollfree&areaCode=888').expect(200);
    expect(tollFree.body.data.records[0]).toMatchObject({
      phone_number: '+18885550100',
      locality: null,
      capabilities: ['Voice', 'SMS'],
    });
    const london = await search(token, 'provider=Carrier&phone_country=gb&searchBy=City&areaCode=London').expect(200);
    expect(london.body.data.records[0]).toMatchObject({ phone_number: '+442079460100', locality: 'London' });
  });

  it('answers an empty list with its own message when nothing matches', async () => {
    const token = await fixture.admin.A.token();
    for (const query of [
      'areaCode=416',
      'searchBy=City&areaCode=Springfield',
      'phone_country=DE',
      'phone_country=GB&phone_type=mobile',
    ]) {
      const response = await search(token, `provider=Carrier&${query}`).expect(200);
      expect(response.body).toEqual({ success: true, message: 'No numbers found for this search.', data: { records: [] } });
    }
  });

  it('does not list a number some company holds', async () => {
    await platform.app.get(NumberPurchaseService).purchase(fixture.company.B, tokenFor(fixture.company.B, '+12145550100'), null);
    const response = await search(await fixture.admin.A.token(), 'provider=Carrier&areaCode=214').expect(200);
    expect(records(response.body)).not.toContain('+12145550100');
    expect(records(response.body)[0]).toBe('+12145550101');
    expect(response.body.data.records[0].index).toBe(1);
  });

  it('refuses a missing or other provider with 422 on errors.provider', async () => {
    const token = await fixture.admin.A.token();
    for (const query of ['areaCode=212', 'provider=Twilio&areaCode=212', 'provider=carrier', 'provider=']) {
      const response = await search(token, query);
      expect({ query, status: response.status }).toEqual({ query, status: 422 });
      expect(response.body).toEqual({
        success: false,
        message: 'provider must be Carrier.',
        errors: { provider: ['provider must be Carrier.'] },
      });
    }
  });

  it('refuses a malformed provider, bad country, type, searchBy or areaCode with 400 by field', async () => {
    const token = await fixture.admin.A.token();
    const cases: Array<[string, string]> = [
      [`provider=${'C'.repeat(65)}`, 'provider'],
      ['provider=Car%00rier', 'provider'],
      ['provider=Carrier&phone_country=ZZ', 'phone_country'],
      ['provider=Carrier&phone_country=USA', 'phone_country'],
      ['provider=Carrier&phone_type=landline', 'phone_type'],
      ['provider=Carrier&searchBy=Zip', 'searchBy'],
      ['provider=Carrier&areaCode=NY', 'areaCode'],
      [`provider=Carrier&searchBy=City&areaCode=${'a'.repeat(65)}`, 'areaCode'],
      ['provider=Carrier&searchBy=City&areaCode=%3Cscript%3E', 'areaCode'],
      ['provider=Carrier&extra=1', 'extra'],
    ];
    for (const [query, field] of cases) {
      const response = await search(token, query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body).toEqual({
        success: false,
        message: expect.any(String),
        errors: expect.objectContaining({ [field]: expect.any(Array) }),
      });
    }
  });

  it('refuses mobile numbers in the US and Canada with 422 on phone_type', async () => {
    const token = await fixture.admin.A.token();
    for (const country of ['US', 'ca']) {
      const response = await search(token, `provider=Carrier&phone_type=mobile&phone_country=${country}`).expect(422);
      const message = 'Mobile numbers are not available in the US and Canada. Search local or toll-free numbers.';
      expect(response.body).toEqual({ success: false, message, errors: { phone_type: [message] } });
    }
  });

  it('keeps tenancy: view-phone-numbers, an agency’s child through company_id, never a stranger', async () => {
    const query = 'provider=Carrier&areaCode=713';
    await search('not-a-token', query).expect(401);
    expect((await search(await fixture.limited.token(), query).expect(403)).body.message).toContain('view-phone-numbers');
    await search(await fixture.admin.A.token(), `${query}&company_id=${fixture.company.C}`).expect(200);
    await search(await fixture.admin.A.token(), `${query}&company_id=${fixture.company.B}`).expect(404);
  });
});

describe('purchase', () => {
  const purchase = async (token: string) =>
    platform.request('post', '/api/phone-numbers/purchase', await fixture.admin.A.token()).send({ purchase_token: token });

  it('buys a searched number: 201 with the number, phone_number.purchased in the outbox, listed and no longer offered', async () => {
    const token = await fixture.admin.A.token();
    const found = await search(token, 'provider=Carrier&areaCode=713').expect(200);
    const offer = found.body.data.records[4];
    expect(offer.phone_number).toBe('+17135550104');
    const response = await platform
      .request('post', '/api/phone-numbers/purchase', token)
      .send({ purchase_token: offer.purchase_token })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Phone number purchased successfully.',
      data: {
        id: expect.any(Number),
        phone_number: '+17135550104',
        friendly_name: '(713) 555-0104',
        nickname: null,
        locality: 'Houston, TX',
        area_code: '713',
        country: 'US',
        type: 'local',
        capabilities: ['Voice', 'SMS', 'MMS'],
        purchased_at: expect.any(String),
      },
    });
    const id = String(response.body.data.id);
    const events = await outboxOf(id);
    expect(events.map((event) => event.type)).toEqual(['phone_number.purchased']);
    expect(events[0]!.envelope.data).toEqual({
      id,
      company_id: fixture.company.A,
      phone_number: '+17135550104',
      capabilities: ['Voice', 'SMS', 'MMS'],
      purchased_at: response.body.data.purchased_at,
      released_at: null,
      changed_by: fixture.admin.A.id,
    });
    const listed = await platform.request('get', '/api/phone-numbers?search=7135550104', token).expect(200);
    expect(listed.body.data.records.map((r: { id: number }) => r.id)).toEqual([response.body.data.id]);
    const again = await search(token, 'provider=Carrier&areaCode=713').expect(200);
    expect(again.body.data.records.map((r: { phone_number: string }) => r.phone_number)).not.toContain('+17135550104');
  });

  it('spends a token once: a second use is 409', async () => {
    const token = tokenFor(fixture.company.A, freshNumber());
    expect((await purchase(token)).status).toBe(201);
    const second = await purchase(token);
    expect({ status: second.status, body: second.body }).toEqual({
      status: 409,
      body: {
        success: false,
        message: 'This purchase token has already been used.',
        errors: { purchase_token: ['This purchase token has already been used.'] },
      },
    });
  });

  it('spends a token once even when both uses arrive together: one 201, one 409, one number', async () => {
    const number = freshNumber();
    const token = tokenFor(fixture.company.A, number);
    const answers = await Promise.all([purchase(token), purchase(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('This purchase token has already been used.');
    const rows = await platform.db.query('SELECT count(*)::int AS n FROM platform.phone_numbers WHERE phone_number = $1', [
      number,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an expired token, another company’s and a forged or malformed one with 422 on purchase_token', async () => {
    const expired = platform.app
      .get(PurchaseTokens)
      .sign(
        { companyId: fixture.company.A, phoneNumber: freshNumber(), country: 'US', type: 'local' },
        new Date(Date.now() - 11 * 60_000),
      );
    const stale = await purchase(expired);
    expect({ status: stale.status, body: stale.body }).toEqual({
      status: 422,
      body: {
        success: false,
        message: 'This purchase token has expired. Search again.',
        errors: { purchase_token: ['This purchase token has expired. Search again.'] },
      },
    });
    const valid = tokenFor(fixture.company.A, freshNumber());
    const [body, signature] = valid.split('.') as [string, string];
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), p: '+12125550199' }),
    ).toString('base64url');
    for (const token of [
      tokenFor(fixture.company.B, freshNumber()),
      `${forgedBody}.${signature}`,
      'x',
      `${body}.`,
      `${body}.${signature}.x`,
    ]) {
      const response = await purchase(token);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: {
          success: false,
          message: 'This purchase token is not valid. Search again.',
          errors: { purchase_token: ['This purchase token is not valid. Search again.'] },
        },
      });
    }
    await platform
      .request('post', '/api/phone-numbers/purchase', await fixture.admin.A.token())
      .send({})
      .expect(400);
    await platform
      .request('post', '/api/phone-numbers/purchase', await fixture.admin.A.token())
      .send({ purchase_token: 'a'.repeat(2049) })
      .expect(400);
  });

  it('answers 409 when the number was sold since the search (sandbox: line 13), and the token stays usable for a retry', async () => {
    const found = await search(await fixture.admin.A.token(), 'provider=Carrier&areaCode=713').expect(200);
    const gone = found.body.data.records.find((r: { phone_number: string }) => r.phone_number === '+17135550113');
    const message = 'This number is no longer available. Search again and pick another.';
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await purchase(gone.purchase_token);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 409,
        body: { success: false, message, errors: {} },
      });
    }
    const rows = await platform.db.query('SELECT count(*)::int AS n FROM platform.phone_numbers WHERE phone_number = $1', [
      '+17135550113',
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('answers 409 when another company holds the number (a token signed before it was bought)', async () => {
    const number = freshNumber();
    const forA = tokenFor(fixture.company.A, number);
    await platform.app.get(NumberPurchaseService).purchase(fixture.company.B, tokenFor(fixture.company.B, number), null);
    const response = await purchase(forA);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This number is no longer available. Search again and pick another.');
  });
});

describe('list, read, rename', () => {
  it('lists live numbers newest first, paged, searching number and nickname', async () => {
    const company = await platform.company('Numbers Inc');
    const admin = await platform.actor(company, ['view-phone-numbers', 'edit-phone-numbers']);
    const token = await admin.token();
    const first = await ownedNumber(company);
    const second = await ownedNumber(company);
    const third = await ownedNumber(company);
    await platform.request('put', `/api/phone-numbers/${second.id}`, token).send({ nickname: 'Support line' }).expect(200);
    await platform.request('delete', `/api/phone-numbers/${third.id}`, token).expect(200);

    const all = await platform.request('get', '/api/phone-numbers', token).expect(200);
    expect(all.body.data.records.map((r: { id: number }) => r.id)).toEqual([Number(second.id), Number(first.id)]);
    expect(all.body.data.pagination).toEqual({ total: 2, current_page: 1, per_page: 15, last_page: 1, from: 1, to: 2 });
    const paged = await platform.request('get', '/api/phone-numbers?per_page=1&page=2', token).expect(200);
    expect(paged.body.data.records.map((r: { id: number }) => r.id)).toEqual([Number(first.id)]);
    const byNickname = await platform.request('get', '/api/phone-numbers?search=SUPPORT', token).expect(200);
    expect(byNickname.body.data.records.map((r: { id: number }) => r.id)).toEqual([Number(second.id)]);
    const byNumber = await platform
      .request('get', `/api/phone-numbers?search=${encodeURIComponent(first.phoneNumber.slice(2))}`, token)
      .expect(200);
    expect(byNumber.body.data.records.map((r: { id: number }) => r.id)).toEqual([Number(first.id)]);
    const wildcard = await platform.request('get', '/api/phone-numbers?search=%25', token).expect(200);
    expect(wildcard.body.data.records).toEqual([]);
    await platform.request('get', '/api/phone-numbers?per_page=101', token).expect(400);

    await platform.request('get', `/api/phone-numbers/${third.id}`, token).expect(404);
    const cleared = await platform.request('put', `/api/phone-numbers/${second.id}`, token).send({ nickname: null }).expect(200);
    expect(cleared.body.data.nickname).toBeNull();
    for (const nickname of ['', '  ', 'x'.repeat(256), 7]) {
      await platform.request('put', `/api/phone-numbers/${second.id}`, token).send({ nickname }).expect(400);
    }
    const unchanged = await platform.request('put', `/api/phone-numbers/${first.id}`, token).send({}).expect(200);
    expect(unchanged.body.data).toMatchObject({ id: Number(first.id), nickname: null });
    await platform.request('put', `/api/phone-numbers/${third.id}`, token).send({ nickname: 'Released' }).expect(404);
  });
});

describe('release', () => {
  it('releases: phone_number.released in the outbox, gone from the list, offered again', async () => {
    const token = await fixture.admin.A.token();
    const number = await ownedNumber(fixture.company.A);
    await platform
      .request('delete', `/api/phone-numbers/${number.id}`, token)
      .expect(200, { success: true, message: 'Phone number released successfully.' });
    const events = await outboxOf(number.id);
    expect(events.map((event) => event.type)).toEqual(['phone_number.purchased', 'phone_number.released']);
    expect(events[1]!.envelope.data).toMatchObject({
      id: number.id,
      company_id: fixture.company.A,
      phone_number: number.phoneNumber,
      released_at: expect.any(String),
      changed_by: fixture.admin.A.id,
    });
    await platform.request('delete', `/api/phone-numbers/${number.id}`, token).expect(404);
    const area = number.phoneNumber.slice(2, 5);
    const offered = await search(token, `provider=Carrier&areaCode=${area}`).expect(200);
    expect(offered.body.data.records.map((r: { phone_number: string }) => r.phone_number)).toContain(number.phoneNumber);
  });

  it('refuses 409 while a live agent answers or calls from the number; a deleted agent does not hold it', async () => {
    const token = await fixture.admin.A.token();
    const agents = CompanyScopedRepository.of(platform.db, AgentEntity, fixture.company.A);
    for (const column of ['inboundNumberId', 'outboundNumberId'] as const) {
      const number = await ownedNumber(fixture.company.A);
      const agent = await agents.save(agents.create({ name: 'Ava', [column]: number.id }));
      const refused = await platform.request('delete', `/api/phone-numbers/${number.id}`, token);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 409,
        body: { success: false, message: 'This number is assigned to an agent. Unassign it first.', errors: {} },
      });
      expect((await outboxOf(number.id)).map((event) => event.type)).toEqual(['phone_number.purchased']);
      await agents.update({ id: agent.id }, { deletedAt: new Date() });
      await platform.request('delete', `/api/phone-numbers/${number.id}`, token).expect(200);
    }
  });
});
