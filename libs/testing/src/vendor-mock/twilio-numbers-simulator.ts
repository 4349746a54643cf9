import { randomBytes } from 'node:crypto';
import type { PrismAnswer, RecordedRequest, StubAnswer, VendorStub } from './vendor-mock';

interface OwnedNumber {
  sid: string;
  phone_number: string;
  trunk_sid: string | null;
  date_created: string;
}

/** North American area codes the simulator knows a place for (the rest are listed without one). */
const PLACES: Record<string, { locality: string; region: string }> = {
  '212': { locality: 'New York', region: 'NY' },
  '310': { locality: 'Santa Monica', region: 'CA' },
  '415': { locality: 'San Francisco', region: 'CA' },
  '512': { locality: 'Austin', region: 'TX' },
};

/**
 * Twilio's phone-number inventory as a stateful service in front of Prism (a VendorMock stub for
 * 'twilio_api_v2010'): Prism validates each request against the published description, the
 * simulator answers as an account would — AvailablePhoneNumbers lists the fictional 555-01xx
 * lines of the area code asked (none of them ours), IncomingPhoneNumbers holds what was bought
 * (filtered by `PhoneNumber` as Twilio filters), a purchase of a number in `sold` is refused with
 * Twilio's 21422, and a release forgets the number. Twilio's error bodies are not in its
 * description (SOURCES.md), hence the stub.
 */
export class TwilioNumbersSimulator {
  readonly owned = new Map<string, OwnedNumber>();
  /** Numbers someone else bought between the search and the purchase. */
  readonly sold = new Set<string>();

  readonly stub: VendorStub = (request, prism) => this.answer(request, prism);

  private answer(request: RecordedRequest, prism: PrismAnswer): StubAnswer | undefined {
    const base = (prism.json() ?? {}) as Record<string, unknown>;
    const available = /\/AvailablePhoneNumbers\/([A-Z]{2})\/(Local|TollFree|Mobile)\.json$/.exec(request.pathname);
    if (available && request.method === 'GET')
      return {
        status: 200,
        body: { ...base, available_phone_numbers: this.offers(available[1]!, available[2]!, request.query) },
      };
    if (request.pathname.endsWith('/IncomingPhoneNumbers.json')) {
      if (request.method === 'GET') {
        const wanted = request.query.get('PhoneNumber');
        const numbers = [...this.owned.values()].filter((number) => !wanted || number.phone_number === wanted);
        return { status: 200, body: { ...base, incoming_phone_numbers: numbers.map((number) => this.resource(base, number)) } };
      }
      if (request.method === 'POST') return this.purchase(request.form(), base);
    }
    const one = /\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(request.pathname);
    if (one && request.method === 'DELETE') {
      const number = [...this.owned.values()].find((owned) => owned.sid === one[1]);
      if (!number) return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
      this.owned.delete(number.phone_number);
      return { status: 204 };
    }
    return undefined;
  }

  private offers(country: string, kind: string, query: URLSearchParams): unknown[] {
    if ((country !== 'US' && country !== 'CA') || kind === 'Mobile') return [];
    const area = kind === 'TollFree' ? '888' : (query.get('AreaCode') ?? '212');
    const place = PLACES[area];
    return Array.from({ length: 10 }, (_, index) => `+1${area}55501${String(index).padStart(2, '0')}`)
      .filter((number) => !this.owned.has(number))
      .map((number) => ({
        friendly_name: `(${area}) 555-${number.slice(-4)}`,
        phone_number: number,
        locality: place?.locality ?? null,
        region: place?.region ?? null,
        iso_country: country,
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: kind !== 'TollFree', fax: false },
      }));
  }

  private purchase(form: URLSearchParams, base: Record<string, unknown>): StubAnswer {
    const phoneNumber = form.get('PhoneNumber') ?? '';
    if (this.sold.has(phoneNumber) || this.owned.has(phoneNumber)) {
      return { status: 400, body: { code: 21422, message: 'PhoneNumber requested is not available', status: 400 } };
    }
    const number: OwnedNumber = {
      sid: `PN${randomBytes(16).toString('hex')}`,
      phone_number: phoneNumber,
      trunk_sid: form.get('TrunkSid'),
      date_created: new Date().toUTCString(),
    };
    this.owned.set(phoneNumber, number);
    return { status: 201, body: this.resource(base, number) };
  }

  private resource(base: Record<string, unknown>, number: OwnedNumber): Record<string, unknown> {
    const template = Array.isArray(base.incoming_phone_numbers)
      ? (base.incoming_phone_numbers[0] as Record<string, unknown>)
      : base;
    return {
      ...template,
      sid: number.sid,
      phone_number: number.phone_number,
      friendly_name: `(${number.phone_number.slice(2, 5)}) ${number.phone_number.slice(5, 8)}-${number.phone_number.slice(8)}`,
      trunk_sid: number.trunk_sid,
      date_created: number.date_created,
      capabilities: { voice: true, sms: true, mms: true, fax: false },
    };
  }
}
