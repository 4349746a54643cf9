import { payloadSchema } from './payload-schema';

/**
 * Payload of `contact.opted_out` and `contact.opted_in` on `messaging.contact.v1`.
 * Subject: `<company_id>:<phone>` (a contact is a phone number within one workspace).
 */
export interface ContactOptChangeData {
  company_id: string;
  phone: string;
  /** The inbound keyword that caused the change (`STOP`, `START`, ...), upper-cased; null when not from a keyword. */
  keyword: string | null;
  at: string;
}

export const contactOptChangeSchema = payloadSchema<ContactOptChangeData>({
  properties: {
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    phone: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' },
    keyword: { type: ['string', 'null'], pattern: '^[A-Z]{1,32}$' },
    at: { type: 'string', format: 'date-time' },
  },
  required: ['company_id', 'phone', 'keyword', 'at'],
});
