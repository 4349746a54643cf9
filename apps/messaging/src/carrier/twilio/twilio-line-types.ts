import type { PhoneCapability } from '../carrier.port';

const MOBILE: PhoneCapability = { imessage: false, sms: true, mms: true };
const TEXT_ONLY: PhoneCapability = { imessage: false, sms: true, mms: false };
const NOTHING: PhoneCapability = { imessage: false, sms: false, mms: false };

/**
 * Lookup v2 line type intelligence (https://www.twilio.com/docs/lookup/v2-api/line-type-intelligence)
 * as what reaches the number. Twilio cannot tell iMessage, so never iMessage. `mobile` and the
 * mobile-like VoIP lines take SMS and MMS; fixed VoIP and toll-free numbers text only; a landline
 * (and pagers, voicemail, premium, shared-cost and UAN numbers) nothing → `no_channel`; an unknown
 * type gets text only (the usual fallback: carriers text most numbers Lookup cannot classify);
 * a number Lookup calls invalid, nothing.
 */
const BY_TYPE: Readonly<Record<string, PhoneCapability>> = {
  mobile: MOBILE,
  nonFixedVoip: MOBILE,
  personal: MOBILE,
  fixedVoip: TEXT_ONLY,
  tollFree: TEXT_ONLY,
  landline: NOTHING,
  pager: NOTHING,
  voicemail: NOTHING,
  premium: NOTHING,
  sharedCost: NOTHING,
  uan: NOTHING,
};

export function capabilityOfLineType(type: string | null, valid: boolean): PhoneCapability {
  if (!valid) return NOTHING;
  return (type !== null ? BY_TYPE[type] : undefined) ?? TEXT_ONLY;
}
