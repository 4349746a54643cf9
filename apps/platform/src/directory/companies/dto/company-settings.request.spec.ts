import type { ArgumentMetadata } from '@nestjs/common';
import { AppError, createValidationPipe } from '@suite/http';
import { isTimeZone, UpdateCompanySettingsRequest } from './company-settings.request';

/** Runs the app's global validation pipe on `value` as the settings body; the refusal's fields, or null. */
async function refusedFields(value: unknown): Promise<Record<string, string[]> | null> {
  const metadata: ArgumentMetadata = { type: 'body', metatype: UpdateCompanySettingsRequest };
  try {
    await createValidationPipe().transform(value, metadata);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    return error.fields as Record<string, string[]>;
  }
}

describe('isTimeZone', () => {
  it.each(['America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])(
    'accepts %s',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );

  it.each(['Mars/Olympus', '', 'America/', 'New York', 'x'.repeat(65), 42, null])('refuses %p', (zone) =>
    expect(isTimeZone(zone)).toBe(false),
  );

  it('refuses a known zone with a NUL appended', () => expect(isTimeZone('America/New_York\u0000')).toBe(false));
});

describe('UpdateCompanySettingsRequest', () => {
  it('accepts either field alone or both', async () => {
    expect(await refusedFields({ timezone: 'Asia/Tokyo' })).toBeNull();
    expect(await refusedFields({ week_start: 'sunday' })).toBeNull();
    expect(await refusedFields({ timezone: 'UTC', week_start: 'monday' })).toBeNull();
    expect(await refusedFields({ default_appointment_minutes: 45 })).toBeNull();
  });

  it('takes a default appointment length of 5 to 1440 whole minutes', async () => {
    for (const minutes of [5, 1440]) expect(await refusedFields({ default_appointment_minutes: minutes })).toBeNull();
    for (const minutes of [4, 1441, 30.5, '30', null]) {
      expect(await refusedFields({ default_appointment_minutes: minutes })).toEqual({
        default_appointment_minutes: ['default_appointment_minutes must be an integer from 5 to 1440'],
      });
    }
  });

  it('refuses an unknown zone, a week_start outside the set, null and unknown fields by name', async () => {
    expect(await refusedFields({ timezone: 'Mars/Olympus' })).toEqual({ timezone: [expect.stringContaining('IANA')] });
    expect(await refusedFields({ week_start: 'friday' })).toEqual({ week_start: ['week_start must be one of: sunday, monday'] });
    expect(Object.keys((await refusedFields({ timezone: null, week_start: null }))!).sort()).toEqual(['timezone', 'week_start']);
    expect(await refusedFields({ timezone: 'UTC', company_name: 'x' })).toHaveProperty('company_name');
  });
});
