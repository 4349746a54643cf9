import type { ContactEntity } from '../contact.entity';

export const MAX_APPOINTMENT_TITLE = 255;

type NamedContact = Pick<ContactEntity, 'firstName' | 'lastName' | 'phone' | 'email'>;

/**
 * The title of an appointment booked without one ("tomorrow at 3 with Ada"): "Appointment with"
 * the contact's name, else its phone number, else its email — what a calendar line needs to say
 * who is coming. A contact with none of them (only imports can leave it so) gives "Appointment".
 */
export function defaultAppointmentTitle(contact: NamedContact): string {
  const name = [contact.firstName, contact.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const who = name || contact.phone || contact.email;
  return who ? `Appointment with ${who}`.slice(0, MAX_APPOINTMENT_TITLE).trimEnd() : 'Appointment';
}

/** The end of an appointment booked without `ends_at`: the company's default length after its start. */
export const defaultAppointmentEnd = (startsAt: Date, minutes: number): Date => new Date(startsAt.getTime() + minutes * 60_000);
