import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describeRefusal, providerRequest, retryAfterMs, type ProviderAnswer } from '../provider-http';
import { NumberUnavailableError, VoiceProviderUnavailableError } from '../voice-errors';
import type { AvailableNumberOffer, NumberSearch } from '../voice-provider.port';

export interface TwilioNumbersSettings {
  readonly accountSid: string;
  readonly authToken: string;
  /** TWILIO_API_URL without a trailing slash. */
  readonly apiUrl: string;
  /** The Elastic SIP trunk a bought number is attached to (`TrunkSid`), so Retell's calls go through it. */
  readonly trunkSid: string;
  readonly timeoutMs: number;
}

/** A number of our Twilio account (IncomingPhoneNumber). */
export interface OwnedNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  capabilities: string[];
  /** When Twilio says it was bought (its monthly renewal follows from it). */
  createdAt: Date | null;
}

const RESOURCE = { local: 'Local', tollfree: 'TollFree', mobile: 'Mobile' } as const;
/** The spec's `searchBy` as Twilio's AvailablePhoneNumbers filters. */
const FILTER = { AreaCode: 'AreaCode', Region: 'InRegion', City: 'InLocality' } as const;
/**
 * Twilio's error codes for a number gone between the search and the purchase (21422 "not
 * available", 21421 "invalid", 21452 "no numbers found"): the spec's 409 "no longer available".
 */
const GONE_CODES = new Set([21421, 21422, 21452]);

interface TwilioCapabilities {
  voice?: boolean;
  SMS?: boolean;
  MMS?: boolean;
  sms?: boolean;
  mms?: boolean;
}

/**
 * Twilio's numbers as twilio_api_v2010.json describes them, with plain `fetch` and HTTP Basic
 * (account SID, auth token): the search (AvailablePhoneNumbers), "is this number already ours"
 * (IncomingPhoneNumbers filtered by number), the purchase attached to the SIP trunk, the release.
 * One attempt per request (provider-http.ts): the purchase's lookup is what makes a retry buy once.
 */
export class TwilioNumbersClient {
  constructor(private readonly settings: TwilioNumbersSettings) {}

  async search(search: NumberSearch): Promise<AvailableNumberOffer[]> {
    const query = new URLSearchParams({ PageSize: String(Math.min(Math.max(search.limit, 1), 1000)) });
    if (search.value) query.set(FILTER[search.searchBy], search.value);
    const answer = await this.send('GET', `/AvailablePhoneNumbers/${search.country}/${RESOURCE[search.type]}.json?${query}`);
    // Twilio answers 404 for a country it does not sell in: nothing to offer, not an outage.
    if (answer.status === 404) return [];
    const body = this.ok(answer, 'search numbers') as { available_phone_numbers?: unknown };
    const numbers = Array.isArray(body.available_phone_numbers) ? body.available_phone_numbers : [];
    return numbers
      .map((entry) => offerOf(entry as Record<string, unknown>))
      .filter((offer): offer is AvailableNumberOffer => offer !== null)
      .slice(0, search.limit);
  }

  /** The number in our account, if it is there (bought by an earlier attempt whose answer was lost, say). */
  async owned(phoneNumber: string): Promise<OwnedNumber | null> {
    const answer = await this.send('GET', `/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: phoneNumber })}`);
    const body = this.ok(answer, 'list our numbers') as { incoming_phone_numbers?: unknown };
    const numbers = Array.isArray(body.incoming_phone_numbers) ? body.incoming_phone_numbers : [];
    // The filter narrows; the exact number decides.
    const ours = numbers
      .map((entry) => ownedOf(entry as Record<string, unknown>))
      .find((entry) => entry?.phoneNumber === phoneNumber);
    return ours ?? null;
  }

  /** Buys the number onto the SIP trunk. A number sold meanwhile is NumberUnavailableError. */
  async purchase(phoneNumber: string): Promise<OwnedNumber> {
    const form = new URLSearchParams({ PhoneNumber: phoneNumber, TrunkSid: this.settings.trunkSid });
    const answer = await this.send('POST', '/IncomingPhoneNumbers.json', form);
    if (answer.status === 400 || answer.status === 404) {
      const code = (answer.json() as { code?: unknown } | undefined)?.code;
      if (typeof code === 'number' && GONE_CODES.has(code)) throw new NumberUnavailableError(phoneNumber);
    }
    const bought = ownedOf(this.ok(answer, 'buy the number') as Record<string, unknown>);
    // Prism (and Twilio) answer the resource bought; the number we asked for is the one we hold.
    if (!bought) throw new VoiceProviderUnavailableError('twilio: the purchase answered without a number sid');
    return { ...bought, phoneNumber };
  }

  /** Gives the number back; one Twilio no longer knows (404) is already released. */
  async release(sid: string): Promise<void> {
    const answer = await this.send('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`);
    if (answer.status === 204 || answer.status === 200 || answer.status === 404) return;
    this.ok(answer, 'release the number');
  }

  /** A 2xx answer's JSON body; anything else is the provider failing us for now. */
  private ok(answer: ProviderAnswer, what: string): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.json() ?? {};
    throw new VoiceProviderUnavailableError(`twilio could not ${what}: ${describeRefusal(answer)}`, retryAfterMs(answer.headers));
  }

  private send(method: 'GET' | 'POST' | 'DELETE', path: string, form?: URLSearchParams): Promise<ProviderAnswer> {
    const { accountSid, authToken, apiUrl, timeoutMs } = this.settings;
    return providerRequest(
      'twilio',
      {
        method,
        url: `${apiUrl}/2010-04-01/Accounts/${accountSid}${path}`,
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        // A purchase whose answer is lost is settled by owned() before buying again; never "unknown" here.
        writes: false,
      },
      timeoutMs,
    );
  }
}

function offerOf(entry: Record<string, unknown>): AvailableNumberOffer | null {
  const phoneNumber = typeof entry.phone_number === 'string' ? entry.phone_number : null;
  if (!phoneNumber || !/^\+[1-9][0-9]{6,14}$/.test(phoneNumber)) return null;
  const locality = [entry.locality, entry.region].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return {
    phoneNumber,
    friendlyName: typeof entry.friendly_name === 'string' ? entry.friendly_name : phoneNumber,
    locality: locality === '' ? null : locality,
    areaCode: areaCodeOf(phoneNumber),
    capabilities: capabilitiesOf(entry.capabilities),
  };
}

function ownedOf(entry: Record<string, unknown> | undefined): OwnedNumber | null {
  if (!entry || typeof entry.sid !== 'string' || typeof entry.phone_number !== 'string') return null;
  const created = typeof entry.date_created === 'string' ? new Date(entry.date_created) : null;
  return {
    sid: entry.sid,
    phoneNumber: entry.phone_number,
    friendlyName: typeof entry.friendly_name === 'string' ? entry.friendly_name : entry.phone_number,
    capabilities: capabilitiesOf(entry.capabilities),
    createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
  };
}

/** Twilio's capability flags (`voice`, `SMS`/`sms`, `MMS`/`mms`) as the API's names. */
function capabilitiesOf(value: unknown): string[] {
  const flags = (value ?? {}) as TwilioCapabilities;
  return [
    ...(flags.voice ? ['Voice'] : []),
    ...(flags.SMS || flags.sms ? ['SMS'] : []),
    ...(flags.MMS || flags.mms ? ['MMS'] : []),
  ];
}

/** The national destination code of a number (`212` of +1 212 …), '' when the plan has none. */
export function areaCodeOf(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return '';
  const national = parsed.nationalNumber;
  if (parsed.countryCallingCode === '1') return national.slice(0, 3);
  const formatted = parsed.formatNational().replace(/^0/, '');
  const first = formatted.split(/[\s-]/)[0]?.replace(/\D/g, '') ?? '';
  return first.length < national.length ? first : '';
}
