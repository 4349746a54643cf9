import { payloadSchema } from './payload-schema';

/**
 * Payloads on `platform.phone_number.v1`: numbers a company bought from the voice provider.
 * Messaging keeps its sender pool from them: a purchased number with SMS joins it, a released one
 * leaves it. Subject: the phone number id.
 */
export interface PhoneNumberData {
  id: string;
  company_id: string;
  /** E.164. */
  phone_number: string;
  /** What the number can do, as the provider says: `Voice`, `SMS`, `MMS`. */
  capabilities: string[];
  purchased_at: string;
  released_at: string | null;
  changed_by: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;

export const phoneNumberSchema = payloadSchema<PhoneNumberData>({
  properties: {
    id: numericId,
    company_id: numericId,
    phone_number: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' },
    capabilities: { type: 'array', items: { type: 'string', enum: ['Voice', 'SMS', 'MMS'] } },
    purchased_at: { type: 'string', format: 'date-time' },
    released_at: { type: ['string', 'null'], format: 'date-time' },
    changed_by: { type: ['string', 'null'], pattern: '^[0-9]+$', description: 'user id' },
  },
  required: ['id', 'company_id', 'phone_number', 'capabilities', 'purchased_at', 'released_at', 'changed_by'],
});
