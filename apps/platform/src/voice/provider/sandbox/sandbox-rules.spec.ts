import { sandboxCallScript } from './sandbox-call-outcomes';
import { SANDBOX_LINES, sandboxOfferOf, sandboxOffers, sandboxSells } from './sandbox-inventory';
import { sandboxReputation } from './sandbox-reputation';
import { VoiceProviderUnavailableError } from '../voice-errors';
import type { NumberSearch } from '../voice-provider.port';

const search = (overrides: Partial<NumberSearch>): NumberSearch => ({
  country: 'US',
  type: 'local',
  searchBy: 'AreaCode',
  value: '212',
  limit: 100,
  ...overrides,
});

describe('sandbox inventory', () => {
  it('lists the 20 fictional 555-01xx lines of a US area code, in order', () => {
    const offers = sandboxOffers(search({}));
    expect(offers).toHaveLength(20);
    expect(offers[0]).toEqual({
      phoneNumber: '+12125550100',
      friendlyName: '(212) 555-0100',
      locality: 'New York, NY',
      areaCode: '212',
      capabilities: ['Voice', 'SMS', 'MMS'],
    });
    expect(offers.map((offer) => offer.phoneNumber.slice(-4))).toEqual(SANDBOX_LINES);
  });

  it('finds an area code only in its own country', () => {
    expect(sandboxOffers(search({ value: '416' }))).toEqual([]);
    expect(sandboxOffers(search({ country: 'CA', value: '416' }))[0]?.phoneNumber).toBe('+14165550100');
    expect(sandboxOffers(search({ country: 'CA', value: '212' }))).toEqual([]);
  });

  it('has no locality for an area code outside its table, and nothing for a malformed one', () => {
    expect(sandboxOffers(search({ value: '201' }))[0]).toMatchObject({ phoneNumber: '+12015550100', locality: null });
    expect(sandboxOffers(search({ value: '12' }))).toEqual([]);
    expect(sandboxOffers(search({ value: '112' }))).toEqual([]);
  });

  it('maps regions and cities to their area codes, case-insensitively', () => {
    const texas = sandboxOffers(search({ searchBy: 'Region', value: 'tx' }));
    expect(new Set(texas.map((offer) => offer.areaCode))).toEqual(new Set(['512', '713', '214']));
    const austin = sandboxOffers(search({ searchBy: 'City', value: 'AUSTIN' }));
    expect(austin.map((offer) => offer.areaCode)).toEqual(Array(20).fill('512'));
    expect(sandboxOffers(search({ searchBy: 'City', value: 'Atlantis' }))).toEqual([]);
  });

  it('sells toll-free numbers with voice and SMS, and no mobile numbers', () => {
    const tollFree = sandboxOffers(search({ type: 'tollfree', value: '888' }));
    expect(tollFree[0]).toEqual({
      phoneNumber: '+18885550100',
      friendlyName: '(888) 555-0100',
      locality: null,
      areaCode: '888',
      capabilities: ['Voice', 'SMS'],
    });
    expect(sandboxOffers(search({ type: 'tollfree', value: null, limit: 500 }))).toHaveLength(7 * 20);
    expect(sandboxOffers(search({ type: 'mobile' }))).toEqual([]);
  });

  it("lists London's drama range for GB and nothing for other countries", () => {
    const london = sandboxOffers(search({ country: 'GB', value: '20' }));
    expect(london[0]).toMatchObject({ phoneNumber: '+442079460100', friendlyName: '020 7946 0100', locality: 'London' });
    expect(sandboxOffers(search({ country: 'GB', searchBy: 'City', value: 'london' }))).toHaveLength(20);
    expect(sandboxOffers(search({ country: 'FR', value: null }))).toEqual([]);
  });

  it('honours the limit', () => {
    expect(sandboxOffers(search({ limit: 3 }))).toHaveLength(3);
  });

  it('knows its own numbers and sells them, except the lines ending in 13', () => {
    expect(sandboxOfferOf('+12125550107')?.friendlyName).toBe('(212) 555-0107');
    expect(sandboxOfferOf('+442079460119')?.locality).toBe('London');
    expect(sandboxOfferOf('+12125551234')).toBeNull();
    expect(sandboxSells('+12125550107')).toBe('available');
    expect(sandboxSells('+12125550113')).toBe('sold');
    expect(sandboxSells('+12125551234')).toBe('unknown');
  });
});

describe('sandbox reputation', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  const flagged = (phone: string) =>
    sandboxReputation(phone, now)
      .filter((answer) => answer.flagged)
      .map((answer) => `${answer.carrier}: ${answer.label}`);

  it('answers for every carrier, flagging by the last digit', () => {
    expect(sandboxReputation('+12125550100', now)).toEqual([
      { carrier: 'AT&T', flagged: false, label: null, checkedAt: now },
      { carrier: 'T-Mobile', flagged: false, label: null, checkedAt: now },
      { carrier: 'Verizon', flagged: false, label: null, checkedAt: now },
    ]);
    expect(flagged('+12125550107')).toEqual(['T-Mobile: Scam Likely']);
    expect(flagged('+12125550109')).toEqual(['AT&T: Spam Risk', 'Verizon: Potential Spam']);
  });

  it('has no answer yet for numbers ending in 5', () => {
    expect(() => sandboxReputation('+12125550105', now)).toThrow(VoiceProviderUnavailableError);
  });
});

describe('sandbox call scripts', () => {
  it('scripts the call by the last digit of the number called', () => {
    expect(sandboxCallScript('+12125550140')).toMatchObject({ answered: true, callSuccessful: true, disposition: 'interested' });
    expect(sandboxCallScript('+12125550144')).toMatchObject({ answered: true, callSuccessful: false, sentiment: 'Negative' });
    expect(sandboxCallScript('+12125550146')).toMatchObject({ answered: true, transferred: true, hangupReason: 'call_transfer' });
    expect(sandboxCallScript('+12125550147')).toMatchObject({
      answered: true,
      hangupReason: 'voicemail_reached',
      sentiment: null,
    });
    expect(sandboxCallScript('+12125550148')).toEqual({
      answered: false,
      transferred: false,
      durationSeconds: 0,
      hangupReason: 'dial_no_answer',
      callSuccessful: false,
      sentiment: null,
      disposition: null,
    });
    expect(sandboxCallScript('+12125550149')).toMatchObject({ answered: false, hangupReason: 'error' });
  });

  it('reports a duration only for connected calls', () => {
    for (let digit = 0; digit <= 9; digit++) {
      const script = sandboxCallScript(`+1212555014${digit}`);
      expect(script.durationSeconds > 0).toBe(script.answered);
    }
  });
});
