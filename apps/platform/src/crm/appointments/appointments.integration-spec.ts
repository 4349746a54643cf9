import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { AppointmentsService } from './appointments.service';

/**
 * Appointments on real PostgreSQL and Kafka: the tenancy rules of every route, the fixed messages,
 * base64 ids, references of another company refused with 422, the company's local days (DST
 * included) bounding a list, and each booking and cancellation in the outbox exactly once.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('appointments');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');
const unb64 = (id: string) => Buffer.from(id, 'base64').toString();

const booking = (contactId: string, extra: Record<string, unknown> = {}) => ({
  contact_id: b64(contactId),
  title: 'Discovery call',
  starts_at: '2026-03-08T09:30:00-05:00',
  ends_at: '2026-03-08T10:00:00-05:00',
  ...extra,
});

async function outboxOf(id: string): Promise<Array<{ type: string; envelope: { data: Record<string, unknown> } }>> {
  return platform.db.query(
    "SELECT type, envelope FROM platform.outbox WHERE topic = 'platform.appointment.v1' AND subject = $1 ORDER BY seq",
    [id],
  );
}

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/appointments',
    permission: 'edit-appointments',
    target: async (key) => ({ body: booking((await platform.contact(fixture.company[key])).id) }),
    status: 201,
    expected: { success: true, message: 'Appointment scheduled successfully.', data: { status: 'scheduled' } },
  },
  {
    method: 'get',
    path: '/api/appointments',
    permission: 'view-appointments',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { pagination: { current_page: 1, per_page: 15 } } },
  },
  {
    method: 'delete',
    path: '/api/appointments/{id}',
    permission: 'edit-appointments',
    target: async (key) => ({ id: (await platform.appointment(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Appointment cancelled successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('appointments', () => {
  it('books an appointment with base64 ids and publishes appointment.scheduled once', async () => {
    const contact = await platform.contact(fixture.company.A);
    const response = await platform
      .request('post', '/api/appointments', await fixture.admin.A.token())
      .send(booking(contact.id, { contact_id: Number(contact.id), assigned_to: Number(fixture.admin.A.id) }))
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Appointment scheduled successfully.',
      data: {
        id: expect.any(String),
        contact_id: b64(contact.id),
        title: 'Discovery call',
        starts_at: '2026-03-08T14:30:00.000Z',
        ends_at: '2026-03-08T15:00:00.000Z',
        assigned_to: Number(fixture.admin.A.id),
        status: 'scheduled',
        booked_at: expect.any(String),
        cancelled_at: null,
      },
    });
    const id = unb64(response.body.data.id);
    expect(id).toMatch(/^[0-9]+$/);
    const events = await outboxOf(id);
    expect(events.map((event) => event.type)).toEqual(['appointment.scheduled']);
    expect(events[0]!.envelope.data).toEqual({
      id,
      company_id: fixture.company.A,
      contact_id: contact.id,
      title: 'Discovery call',
      starts_at: '2026-03-08T14:30:00.000Z',
      ends_at: '2026-03-08T15:00:00.000Z',
      assigned_to: fixture.admin.A.id,
      status: 'scheduled',
      booked_at: response.body.data.booked_at,
      cancelled_at: null,
      changed_by: fixture.admin.A.id,
    });
  });

  it('books "tomorrow at 3" without title or ends_at: named after the contact, as long as the company’s default', async () => {
    const company = await platform.company('Salon');
    const booker = await platform.actor(company, ['edit-appointments', 'manage-company-settings']);
    const token = await booker.token();
    const ada = await platform.contact(company, { firstName: 'Ada', lastName: 'Lovelace', phone: '+14155550123' });
    const book = async (contactId: string, startsAt: string) => {
      const response = await platform
        .request('post', '/api/appointments', token)
        .send({ contact_id: b64(contactId), starts_at: startsAt })
        .expect(201);
      return response.body.data as { id: string; title: string; starts_at: string; ends_at: string };
    };

    const first = await book(ada.id, '2026-03-09T15:00:00-04:00');
    expect(first).toMatchObject({
      title: 'Appointment with Ada Lovelace',
      starts_at: '2026-03-09T19:00:00.000Z',
      ends_at: '2026-03-09T19:30:00.000Z',
    });
    const [event] = await outboxOf(unb64(first.id));
    expect(event!.envelope.data).toMatchObject({ title: 'Appointment with Ada Lovelace', ends_at: '2026-03-09T19:30:00.000Z' });

    // The company's own length, set through its settings, from then on; a title or an end sent still wins.
    await platform.request('put', '/api/company/settings', token).send({ default_appointment_minutes: 45 }).expect(200);
    expect((await book(ada.id, '2026-03-10T15:00:00Z')).ends_at).toBe('2026-03-10T15:45:00.000Z');
    const sent = await platform
      .request('post', '/api/appointments', token)
      .send({ contact_id: b64(ada.id), starts_at: '2026-03-11T15:00:00Z', ends_at: '2026-03-11T15:10:00Z', title: 'Trim' })
      .expect(201);
    expect(sent.body.data).toMatchObject({ title: 'Trim', ends_at: '2026-03-11T15:10:00.000Z' });

    // No name: the phone number, else the email.
    const byPhone = await platform.contact(company, { firstName: ' ', phone: '+14155550199' });
    expect((await book(byPhone.id, '2026-03-12T15:00:00Z')).title).toBe('Appointment with +14155550199');
    const byEmail = await platform.contact(company, { firstName: '', email: 'grace@example.com' });
    expect((await book(byEmail.id, '2026-03-12T16:00:00Z')).title).toBe('Appointment with grace@example.com');
  });

  it('refuses another company’s contact or user, a deleted or undecodable contact, and an end not after the start with 422', async () => {
    const token = await fixture.admin.A.token();
    const own = await platform.contact(fixture.company.A);
    const foreign = await platform.contact(fixture.company.B);
    const deleted = await platform.contact(fixture.company.A);
    await platform.request('delete', `/api/contacts/${deleted.id}`, token).expect(200);
    for (const contactId of [b64(foreign.id), Number(deleted.id), 'not-an-id', 99_999_999]) {
      const response = await platform
        .request('post', '/api/appointments', token)
        .send(booking(own.id, { contact_id: contactId }))
        .expect(422);
      expect(response.body).toEqual({
        success: false,
        message: 'contact_id must be a contact of the company.',
        errors: { contact_id: expect.any(Array) },
      });
    }
    const user = await platform
      .request('post', '/api/appointments', token)
      .send(booking(own.id, { assigned_to: Number(fixture.admin.B.id) }))
      .expect(422);
    expect(user.body.errors).toHaveProperty('assigned_to');
    for (const ends of ['2026-03-08T09:30:00-05:00', '2026-03-08T14:29:59Z']) {
      const response = await platform
        .request('post', '/api/appointments', token)
        .send(booking(own.id, { ends_at: ends }))
        .expect(422);
      expect(response.body.errors).toHaveProperty('ends_at');
    }
    const count = await platform.db.query('SELECT count(*)::int AS n FROM platform.appointments WHERE contact_id = $1', [own.id]);
    expect(count[0].n).toBe(0);
  });

  it('refuses date-times without an offset, impossible dates, years outside 2000–2100 and a blank title with 400', async () => {
    const token = await fixture.admin.A.token();
    const contact = await platform.contact(fixture.company.A);
    for (const [field, value] of [
      ['starts_at', '2026-03-08T09:30:00'],
      ['starts_at', '2026-02-30T09:30:00Z'],
      ['starts_at', '1999-12-31T09:30:00Z'],
      ['ends_at', '2101-01-01T00:00:00Z'],
      ['ends_at', 1772980200000],
      ['title', '  '],
      ['title', 'x'.repeat(256)],
      ['assigned_to', 0],
      ['assigned_to', null],
    ] as const) {
      const response = await platform
        .request('post', '/api/appointments', token)
        .send(booking(contact.id, { [field]: value }))
        .expect(400);
      expect(response.body.errors).toHaveProperty(field);
    }
  });

  it('lists by start time within the company’s local days, a DST day being 23 hours long', async () => {
    const company = await platform.company('Clinic');
    const reader = await platform.actor(company, ['view-appointments']);
    const token = await reader.token();
    await platform.db.query('UPDATE platform.companies SET timezone = $1 WHERE id = $2', ['America/New_York', company]);
    const contact = await platform.contact(company);
    const at = async (iso: string, title: string) =>
      platform.appointment(company, {
        contactId: contact.id,
        title,
        startsAt: new Date(iso),
        endsAt: new Date(Date.parse(iso) + 60_000),
      });
    // 2026-03-08 in New York runs from 05:00Z to 04:00Z the next day (clocks go forward at 2am).
    const late = await at('2026-03-09T03:59:59Z', 'last minute of the 8th');
    await at('2026-03-08T04:59:59Z', 'the 7th, late');
    await at('2026-03-09T04:30:00Z', 'the 9th, within 24h of the 8th’s midnight');
    const first = await at('2026-03-08T05:00:00Z', 'midnight of the 8th');
    const twin = await at('2026-03-08T05:00:00Z', 'also midnight');
    const day = await platform.request('get', '/api/appointments?date_from=2026-03-08&date_to=2026-03-08', token).expect(200);
    expect(day.body.data.records.map((row: { id: string }) => unb64(row.id))).toEqual([first.id, twin.id, late.id]);
    expect(day.body.data.pagination).toEqual({ total: 3, current_page: 1, per_page: 15, last_page: 1, from: 1, to: 3 });
    expect(day.body.data.records[0]).toEqual({
      id: b64(first.id),
      contact_id: b64(contact.id),
      title: 'midnight of the 8th',
      starts_at: '2026-03-08T05:00:00.000Z',
      ends_at: '2026-03-08T05:01:00.000Z',
      assigned_to: null,
      status: 'scheduled',
      booked_at: first.createdAt.toISOString(),
      cancelled_at: null,
    });
    const fromOnly = await platform.request('get', '/api/appointments?date_from=2026-03-09', token).expect(200);
    expect(fromOnly.body.data.records.map((row: { title: string }) => row.title)).toEqual([
      'the 9th, within 24h of the 8th’s midnight',
    ]);
    const toOnly = await platform.request('get', '/api/appointments?date_to=2026-03-07&per_page=1', token).expect(200);
    expect(toOnly.body.data).toMatchObject({ records: [{ title: 'the 7th, late' }], pagination: { total: 1 } });

    // The same instants are other days in Tokyo (UTC+9): the 8th there is 2026-03-07T15:00Z to 2026-03-08T15:00Z.
    await platform.db.query('UPDATE platform.companies SET timezone = $1 WHERE id = $2', ['Asia/Tokyo', company]);
    const tokyo = await platform.request('get', '/api/appointments?date_from=2026-03-08&date_to=2026-03-08', token).expect(200);
    expect(tokyo.body.data.records.map((row: { title: string }) => row.title)).toEqual([
      'the 7th, late',
      'midnight of the 8th',
      'also midnight',
    ]);
  });

  it('filters by status, pages, and refuses date_from after date_to (422) and bad dates or per_page (400)', async () => {
    const company = await platform.company('Filters');
    const reader = await platform.actor(company, ['view-appointments']);
    const token = await reader.token();
    const kept = await platform.appointment(company, { startsAt: new Date('2026-05-01T10:00:00Z') });
    const cancelled = await platform.appointment(company, { startsAt: new Date('2026-05-02T10:00:00Z') });
    await platform.app.get(AppointmentsService).cancel(company, cancelled.id, null);
    const onlyCancelled = await platform.request('get', '/api/appointments?status=cancelled', token).expect(200);
    expect(onlyCancelled.body.data.records).toEqual([
      expect.objectContaining({ id: b64(cancelled.id), status: 'cancelled', cancelled_at: expect.any(String) }),
    ]);
    const second = await platform.request('get', '/api/appointments?per_page=1&page=2', token).expect(200);
    expect(second.body.data).toMatchObject({
      records: [{ id: b64(cancelled.id) }],
      pagination: { total: 2, current_page: 2, per_page: 1, last_page: 2, from: 2, to: 2 },
    });
    const scheduled = await platform.request('get', '/api/appointments?status=scheduled', token).expect(200);
    expect(scheduled.body.data.records.map((row: { id: string }) => row.id)).toEqual([b64(kept.id)]);
    const reversed = await platform
      .request('get', '/api/appointments?date_from=2026-05-02&date_to=2026-05-01', token)
      .expect(422);
    expect(reversed.body).toMatchObject({ success: false, errors: { date_from: expect.any(Array) } });
    for (const query of ['date_from=2026-02-30', 'date_to=05/01/2026', 'date_from=1999-01-01', 'status=done', 'per_page=101']) {
      const response = await platform.request('get', `/api/appointments?${query}`, token).expect(400);
      expect(response.body.errors).toHaveProperty(query.split('=')[0]!);
    }
  });

  it('cancels once: status and cancelled_at set, appointment.cancelled published once, a second cancel 409', async () => {
    const token = await fixture.admin.A.token();
    const appointment = await platform.appointment(fixture.company.A);
    await platform.request('delete', `/api/appointments/${b64(appointment.id)}`, token).expect(200, {
      success: true,
      message: 'Appointment cancelled successfully.',
    });
    const again = await platform.request('delete', `/api/appointments/${appointment.id}`, token).expect(409);
    expect(again.body).toMatchObject({ success: false, message: 'Appointment is already cancelled.' });
    const events = await outboxOf(appointment.id);
    expect(events.map((event) => event.type)).toEqual(['appointment.scheduled', 'appointment.cancelled']);
    expect(events[1]!.envelope.data).toMatchObject({
      id: appointment.id,
      status: 'cancelled',
      cancelled_at: expect.any(String),
      booked_at: appointment.createdAt.toISOString(),
      changed_by: fixture.admin.A.id,
    });
    const rows = await platform.db.query('SELECT status, cancelled_at FROM platform.appointments WHERE id = $1', [
      appointment.id,
    ]);
    expect(rows[0]).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Date) });
  });

  it('keeps an appointment when its contact is deleted', async () => {
    const token = await fixture.admin.A.token();
    const contact = await platform.contact(fixture.company.A);
    const appointment = await platform.appointment(fixture.company.A, { contactId: contact.id });
    await platform.request('delete', `/api/contacts/${contact.id}`, token).expect(200);
    await platform.request('delete', `/api/appointments/${appointment.id}`, token).expect(200);
  });
});
