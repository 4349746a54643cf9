import type { CrmContactErasedData } from '../events/platform-crm-contact.events';

/** What an erased contact was known by (the keys `crm_contact.erased` carries). */
export type ErasedPerson = Pick<CrmContactErasedData, 'phone' | 'email' | 'first_name' | 'last_name'>;

/**
 * The values whose mention in stored text makes it the erased person's, in every app: the number,
 * the email and the full name as one string (a first name alone would match strangers). What is
 * about the person by id (an event's subject, a payload's `lead_id`) each app finds by id.
 */
export function erasureMentions(person: ErasedPerson): string[] {
  const fullName = [person.first_name, person.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return [person.phone, person.email, person.last_name ? fullName : null].filter((value): value is string => !!value);
}
