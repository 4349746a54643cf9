import type { PhoneNumber } from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import { IANAZone } from 'luxon';
import { zonesForDigits } from './time-zone-table';

/** What recipient-time-zone.ts used to compute per call: the library's answer, unknown zones dropped. */
async function libraryZones(e164: string): Promise<readonly string[] | null> {
  const zones = ((await timezones({ number: e164 } as PhoneNumber)) ?? []).filter((zone) => IANAZone.isValidZone(zone));
  return zones.length > 0 ? [...new Set(zones)] : null;
}

describe('zonesForDigits', () => {
  it.each([
    '+12125551234',
    '+18085551234',
    '+14155551234',
    '+13122000005',
    '+17095551234',
    '+18005551234',
    '+1',
    '+919876543210',
    '+447911123456',
    '+44',
    '+33612345678',
    '+61412345678',
    '+79161234567',
    '+7',
    '+5511987654321',
    '+81312345678',
    '+99912345',
    '+',
  ])('answers %s as the library does', async (e164) => {
    expect(zonesForDigits(e164)).toEqual(await libraryZones(e164));
  });

  it('answers thousands of distinct numbers without reading the file again (well under a millisecond each)', () => {
    zonesForDigits('+12125550000');
    const started = process.hrtime.bigint();
    for (let i = 0; i < 10_000; i++) zonesForDigits(`+1312${2_000_000 + i}`);
    const perLookupMs = Number(process.hrtime.bigint() - started) / 1e6 / 10_000;
    expect(perLookupMs).toBeLessThan(0.1);
  });
});
