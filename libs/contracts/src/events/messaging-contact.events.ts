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

/**
 * Payload of `contact.erased` on `messaging.contact.v1`: messaging did its part of a CRM contact's
 * erasure (`crm_contact.erased`) — the conversation's bodies and attachments, the contact record;
 * an opt-out kept only as a keyed hash. No number in it. Subject: `<company_id>:crm:<crm_contact_id>`.
 */
export interface ContactErasedData {
  company_id: string;
  crm_contact_id: string;
  /** Messages whose body, attachments and number were erased. */
  messages_erased: number;
  /** True when the number had opted out: its opt-out is kept as a keyed hash, so a STOP still holds. */
  opt_out_kept: boolean;
  erased_at: string;
}

export const contactErasedSchema = payloadSchema<ContactErasedData>({
  properties: {
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    crm_contact_id: { type: 'string', pattern: '^[0-9]+$' },
    messages_erased: { type: 'integer', minimum: 0 },
    opt_out_kept: { type: 'boolean' },
    erased_at: { type: 'string', format: 'date-time' },
  },
  required: ['company_id', 'crm_contact_id', 'messages_erased', 'opt_out_kept', 'erased_at'],
});
