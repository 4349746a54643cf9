import { defaultAppointmentEnd, defaultAppointmentTitle, MAX_APPOINTMENT_TITLE } from './appointment-defaults';

const contact = (
  fields: Partial<{ firstName: string; lastName: string | null; phone: string | null; email: string | null }>,
) => ({
  firstName: '',
  lastName: null,
  phone: null,
  email: null,
  ...fields,
});

describe('defaultAppointmentTitle', () => {
  it('names the contact by first and last name, or first name alone', () => {
    expect(defaultAppointmentTitle(contact({ firstName: 'Ada', lastName: 'Lovelace', phone: '+14155550123' }))).toBe(
      'Appointment with Ada Lovelace',
    );
    expect(defaultAppointmentTitle(contact({ firstName: ' Ada ', lastName: '  ' }))).toBe('Appointment with Ada');
  });

  it('falls back to the phone number, then the email, then "Appointment"', () => {
    expect(defaultAppointmentTitle(contact({ firstName: ' ', phone: '+14155550123', email: 'ada@example.com' }))).toBe(
      'Appointment with +14155550123',
    );
    expect(defaultAppointmentTitle(contact({ email: 'ada@example.com' }))).toBe('Appointment with ada@example.com');
    expect(defaultAppointmentTitle(contact({}))).toBe('Appointment');
  });

  it('keeps within the title’s 255 characters', () => {
    const title = defaultAppointmentTitle(contact({ firstName: 'A'.repeat(255), lastName: 'B'.repeat(255) }));
    expect(title).toHaveLength(MAX_APPOINTMENT_TITLE);
    expect(title.startsWith('Appointment with AAA')).toBe(true);
  });
});

describe('defaultAppointmentEnd', () => {
  it('adds the company’s length to the start', () => {
    expect(defaultAppointmentEnd(new Date('2026-03-09T19:00:00Z'), 30).toISOString()).toBe('2026-03-09T19:30:00.000Z');
    expect(defaultAppointmentEnd(new Date('2026-03-09T23:45:00Z'), 45).toISOString()).toBe('2026-03-10T00:30:00.000Z');
  });
});
