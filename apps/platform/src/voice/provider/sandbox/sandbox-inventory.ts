import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AvailableNumberOffer, NumberSearch } from '../voice-provider.port';

/**
 * The sandbox's number inventory (docs/voice.md, "Sandbox"): deterministic, so a test or a demo
 * knows what a search finds and what a purchase does.
 *
 * - US and CA, `local`: every area code of the country has the 20 numbers `+1 <area> 555-0100` to
 *   `555-0119` (the 555-01xx lines are reserved for fiction: nobody is ever called). An area code
 *   of the other country, or none at all, finds nothing.
 * - US and CA, `tollfree`: the same 20 lines under 800, 833, 844, 855, 866, 877 and 888.
 * - GB, `local`: London's drama range `+44 20 7946 0100` to `0119`.
 * - Anything else (other countries, `mobile`): nothing. The API refuses mobile in US and CA itself.
 * - `Region` and `City` map to area codes through the tables below; names match case-insensitively.
 * - A number whose line ends in `13` (`555-0113`) is listed but sold to someone else when bought:
 *   the purchase answers "no longer available".
 */
export const SANDBOX_LINES = Array.from({ length: 20 }, (_, index) => `01${String(index).padStart(2, '0')}`);

export const SANDBOX_TOLL_FREE_CODES = ['800', '833', '844', '855', '866', '877', '888'];

/** The last four digits of a number that is listed but gone at purchase. */
export const SANDBOX_SOLD_LINE_SUFFIX = '13';

/** Area code → locality, for `locality` and the `City` search. */
export const SANDBOX_AREA_CODES: Readonly<Record<string, { locality: string; region: string; country: 'US' | 'CA' }>> = {
  '212': { locality: 'New York', region: 'NY', country: 'US' },
  '718': { locality: 'Brooklyn', region: 'NY', country: 'US' },
  '917': { locality: 'New York', region: 'NY', country: 'US' },
  '213': { locality: 'Los Angeles', region: 'CA', country: 'US' },
  '310': { locality: 'Santa Monica', region: 'CA', country: 'US' },
  '415': { locality: 'San Francisco', region: 'CA', country: 'US' },
  '512': { locality: 'Austin', region: 'TX', country: 'US' },
  '713': { locality: 'Houston', region: 'TX', country: 'US' },
  '214': { locality: 'Dallas', region: 'TX', country: 'US' },
  '305': { locality: 'Miami', region: 'FL', country: 'US' },
  '407': { locality: 'Orlando', region: 'FL', country: 'US' },
  '416': { locality: 'Toronto', region: 'ON', country: 'CA' },
  '647': { locality: 'Toronto', region: 'ON', country: 'CA' },
  '604': { locality: 'Vancouver', region: 'BC', country: 'CA' },
};

const CAPABILITIES = { local: ['Voice', 'SMS', 'MMS'], tollfree: ['Voice', 'SMS'], gb: ['Voice', 'SMS'] } as const;

/** The offers a search finds, in number order, at most `search.limit`. */
export function sandboxOffers(search: NumberSearch): AvailableNumberOffer[] {
  const offers = search.country === 'GB' ? londonOffers(search) : northAmericanOffers(search);
  return offers.slice(0, Math.max(0, search.limit));
}

/** Whether the sandbox sells this number (it would have listed it) and has not "sold it since". */
export function sandboxSells(phoneNumber: string): 'available' | 'sold' | 'unknown' {
  const offer = sandboxOfferOf(phoneNumber);
  if (!offer) return 'unknown';
  return phoneNumber.endsWith(SANDBOX_SOLD_LINE_SUFFIX) ? 'sold' : 'available';
}

/** The offer of one inventory number, or null when the sandbox never lists it. */
export function sandboxOfferOf(phoneNumber: string): AvailableNumberOffer | null {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed?.isValid() || !parsed.country) return null;
  const national = parsed.nationalNumber;
  if (parsed.country === 'GB') {
    return national.startsWith('207946') && SANDBOX_LINES.includes(national.slice(6)) ? londonOffer(national.slice(6)) : null;
  }
  if (parsed.country !== 'US' && parsed.country !== 'CA') return null;
  const area = national.slice(0, 3);
  if (national.slice(3, 6) !== '555' || !SANDBOX_LINES.includes(national.slice(6))) return null;
  const tollFree = SANDBOX_TOLL_FREE_CODES.includes(area);
  return northAmericanOffer(area, national.slice(6), tollFree);
}

function northAmericanOffers(search: NumberSearch): AvailableNumberOffer[] {
  if (search.country !== 'US' && search.country !== 'CA') return [];
  if (search.type === 'mobile') return [];
  const tollFree = search.type === 'tollfree';
  return areaCodesFor(search, tollFree).flatMap((area) => SANDBOX_LINES.map((line) => northAmericanOffer(area, line, tollFree)));
}

function areaCodesFor(search: NumberSearch, tollFree: boolean): string[] {
  const value = search.value?.trim() ?? '';
  if (tollFree) {
    if (search.searchBy !== 'AreaCode' || value === '') return SANDBOX_TOLL_FREE_CODES;
    return SANDBOX_TOLL_FREE_CODES.includes(value) ? [value] : [];
  }
  const known = Object.entries(SANDBOX_AREA_CODES).filter(([, place]) => place.country === search.country);
  switch (search.searchBy) {
    case 'AreaCode':
      if (value === '') return known.map(([area]) => area);
      return /^[2-9]\d\d$/.test(value) && areaCodeIsIn(value, search.country) ? [value] : [];
    case 'Region':
      return known
        .filter(([, place]) => value === '' || place.region.toLowerCase() === value.toLowerCase())
        .map(([area]) => area);
    case 'City':
      return known
        .filter(([, place]) => value === '' || place.locality.toLowerCase() === value.toLowerCase())
        .map(([area]) => area);
  }
}

/** libphonenumber's metadata decides which country an area code belongs to. */
function areaCodeIsIn(area: string, country: string): boolean {
  const parsed = parsePhoneNumberFromString(`+1${area}5550100`);
  return parsed?.isValid() === true && parsed.country === country && parsed.getType() !== 'TOLL_FREE';
}

function northAmericanOffer(area: string, line: string, tollFree: boolean): AvailableNumberOffer {
  const place = SANDBOX_AREA_CODES[area];
  return {
    phoneNumber: `+1${area}555${line}`,
    friendlyName: `(${area}) 555-${line}`,
    locality: tollFree ? null : place ? `${place.locality}, ${place.region}` : null,
    areaCode: area,
    capabilities: [...(tollFree ? CAPABILITIES.tollfree : CAPABILITIES.local)],
  };
}

function londonOffers(search: NumberSearch): AvailableNumberOffer[] {
  if (search.type !== 'local') return [];
  const value = search.value?.trim().toLowerCase() ?? '';
  const matches =
    value === '' ||
    (search.searchBy === 'AreaCode' && (value === '20' || value === '020')) ||
    (search.searchBy !== 'AreaCode' && value === 'london');
  return matches ? SANDBOX_LINES.map(londonOffer) : [];
}

function londonOffer(line: string): AvailableNumberOffer {
  return {
    phoneNumber: `+44207946${line}`,
    friendlyName: `020 7946 ${line}`,
    locality: 'London',
    areaCode: '20',
    capabilities: [...CAPABILITIES.gb],
  };
}
