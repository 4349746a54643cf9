/** What an erased contact's messages carry instead of its number: `#<crm contact id>`, never a phone number. */
export const erasedPhoneOf = (crmContactId: string): string => `#${crmContactId}`.slice(0, 16);

/** Whether a message's number is an erased contact's marker: nothing about it is announced any more. */
export const isErasedPhone = (contactPhone: string): boolean => contactPhone.startsWith('#');

/** failure_reason of an outbound message cancelled because its contact was erased (not announced: the event would carry the number). */
export const ERASED = 'erased';
