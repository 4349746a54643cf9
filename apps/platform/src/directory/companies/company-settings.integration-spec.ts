import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';

/**
 * GET and PUT /api/company/settings on real PostgreSQL and Kafka: the tenancy rules of both routes
 * (an agency may manage its child's settings through company_id), the defaults of a new company,
 * an update read back, and the refusals of an unknown time zone, a week_start outside the set, a
 * default appointment length out of range and an empty body.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('company_settings');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const PATH = '/api/company/settings';

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: PATH,
    permission: 'manage-company-settings',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { timezone: expect.any(String), week_start: expect.any(String) } },
  },
  {
    method: 'put',
    path: PATH,
    permission: 'manage-company-settings',
    target: async () => ({ body: { timezone: 'Europe/London', week_start: 'sunday' } }),
    status: 200,
    expected: {
      success: true,
      message: 'Settings updated successfully.',
      data: { timezone: 'Europe/London', week_start: 'sunday' },
    },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('company settings', () => {
  /** A fresh company and its settings admin, so no other test's update is seen. */
  async function settingsAdmin(name = 'Fresh Co') {
    const company = await platform.company(name);
    const admin = await platform.actor(company, ['manage-company-settings']);
    return { company, token: await admin.token() };
  }

  it('answers a new company’s defaults: America/New_York, weeks from monday', async () => {
    const { company, token } = await settingsAdmin('Defaults Co');
    const response = await platform.request('get', PATH, token).expect(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        company_id: Number(company),
        name: 'Defaults Co',
        timezone: 'America/New_York',
        week_start: 'monday',
        default_appointment_minutes: 30,
      },
    });
  });

  it('updates the fields sent, keeps the others, and reads them back', async () => {
    const { company, token } = await settingsAdmin('Round Trip Co');
    const updated = await platform.request('put', PATH, token).send({ timezone: 'Asia/Tokyo' }).expect(200);
    expect(updated.body).toEqual({
      success: true,
      message: 'Settings updated successfully.',
      data: {
        company_id: Number(company),
        name: 'Round Trip Co',
        timezone: 'Asia/Tokyo',
        week_start: 'monday',
        default_appointment_minutes: 30,
      },
    });
    await platform.request('put', PATH, token).send({ week_start: 'sunday' }).expect(200);
    await platform.request('put', PATH, token).send({ default_appointment_minutes: 45 }).expect(200);
    const read = await platform.request('get', PATH, token).expect(200);
    expect(read.body.data).toEqual({
      company_id: Number(company),
      name: 'Round Trip Co',
      timezone: 'Asia/Tokyo',
      week_start: 'sunday',
      default_appointment_minutes: 45,
    });
  });

  it('accepts UTC and a zone the runtime knows by an alias (America/Argentina/Buenos_Aires)', async () => {
    const { token } = await settingsAdmin();
    for (const timezone of ['UTC', 'America/Argentina/Buenos_Aires']) {
      const response = await platform.request('put', PATH, token).send({ timezone }).expect(200);
      expect(response.body.data.timezone).toBe(timezone);
    }
  });

  it('refuses an unknown time zone with 400 on timezone, and keeps the setting', async () => {
    const { token } = await settingsAdmin();
    for (const timezone of ['Mars/Olympus', 'America/'.padEnd(65, 'x'), '', 42]) {
      const response = await platform.request('put', PATH, token).send({ timezone }).expect(400);
      expect(response.body).toEqual({
        success: false,
        message: expect.any(String),
        errors: { timezone: expect.any(Array) },
      });
    }
    const read = await platform.request('get', PATH, token).expect(200);
    expect(read.body.data.timezone).toBe('America/New_York');
  });

  it('refuses a week_start outside sunday and monday with 400 on week_start', async () => {
    const { token } = await settingsAdmin();
    const response = await platform.request('put', PATH, token).send({ week_start: 'friday' }).expect(400);
    expect(response.body).toEqual({
      success: false,
      message: expect.any(String),
      errors: { week_start: [expect.stringContaining('sunday, monday')] },
    });
  });

  it('refuses a default appointment length outside 5 to 1440 whole minutes with 400, and keeps the setting', async () => {
    const { token } = await settingsAdmin();
    for (const minutes of [4, 1441, 0, -30, 12.5, '30', null]) {
      const response = await platform.request('put', PATH, token).send({ default_appointment_minutes: minutes }).expect(400);
      expect(response.body).toEqual({
        success: false,
        message: 'default_appointment_minutes must be an integer from 5 to 1440',
        errors: { default_appointment_minutes: ['default_appointment_minutes must be an integer from 5 to 1440'] },
      });
    }
    const read = await platform.request('get', PATH, token).expect(200);
    expect(read.body.data.default_appointment_minutes).toBe(30);
  });

  it('refuses an empty body with 400 naming every field', async () => {
    const { token } = await settingsAdmin();
    const response = await platform.request('put', PATH, token).send({}).expect(400);
    const sentence = 'Send at least one of timezone, week_start, default_appointment_minutes.';
    expect(response.body).toEqual({
      success: false,
      message: sentence,
      errors: { timezone: [sentence], week_start: [sentence], default_appointment_minutes: [sentence] },
    });
  });

  it('lets an agency manage its child’s settings through company_id, the child’s own admin sees them', async () => {
    const token = await fixture.admin.A.token();
    await platform
      .request('put', `${PATH}?company_id=${fixture.company.C}`, token)
      .send({ timezone: 'America/Chicago', week_start: 'sunday' })
      .expect(200);
    const read = await platform.request('get', PATH, await fixture.admin.C.token()).expect(200);
    expect(read.body.data).toMatchObject({ company_id: Number(fixture.company.C), timezone: 'America/Chicago' });
  });
});
