import { defineEvent } from './define-event';
import { nullable, payload, Type, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payload of `contact.opted_out` and `contact.opted_in` on `messaging.contact.v1`.
 * Subject: `<company_id>:<phone>` (a contact is a phone number within one workspace).
 */
export const contactOptChangeSchema = payload({
  company_id: numericId,
  phone: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }),
  /** The inbound keyword that caused the change (`STOP`, `START`, ...), upper-cased; null when not from a keyword. */
  keyword: nullable(Type.String({ pattern: '^[A-Z]{1,32}$' })),
  at: instant,
});
export type ContactOptChangeData = Static<typeof contactOptChangeSchema>;

/**
 * Payload of `contact.erased` on `messaging.contact.v1`: messaging did its part of a CRM contact's
 * erasure (`crm_contact.erased`) — the conversation's bodies and attachments, the contact record;
 * an opt-out kept only as a keyed hash. No number in it. Subject: `<company_id>:crm:<crm_contact_id>`.
 */
export const contactErasedSchema = payload({
  company_id: numericId,
  crm_contact_id: numericId,
  /** Messages whose body, attachments and number were erased. */
  messages_erased: Type.Integer({ minimum: 0 }),
  /** True when the number had opted out: its opt-out is kept as a keyed hash, so a STOP still holds. */
  opt_out_kept: Type.Boolean(),
  erased_at: instant,
});
export type ContactErasedData = Static<typeof contactErasedSchema>;

export const MESSAGING_CONTACT_EVENTS = [
  defineEvent(
    'contact.opted_out',
    Topics.messagingContact,
    contactOptChangeSchema,
    'A contact opted out of the workspace (an inbound STOP-like keyword); queued messages to it are cancelled.',
  ),
  defineEvent(
    'contact.opted_in',
    Topics.messagingContact,
    contactOptChangeSchema,
    'A contact opted back in (an inbound START, UNSTOP or YES).',
  ),
  defineEvent(
    'contact.erased',
    Topics.messagingContact,
    contactErasedSchema,
    'Messaging erased its part of a CRM contact (bodies, attachments, the contact record; an opt-out kept as a keyed hash).',
  ),
] as const;
