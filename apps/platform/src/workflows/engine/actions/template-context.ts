import type { ContactEntity } from '../../../crm';
import type { TemplateContext } from '../../definition/template-renderer';

/** The fields a message template may name, from the contact the run is for. */
export const templateContextOf = (contact: ContactEntity): TemplateContext => ({
  contact: {
    first_name: contact.firstName,
    last_name: contact.lastName,
    full_name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
    email: contact.email,
    phone: contact.phone,
    source: contact.source,
    custom_fields: contact.customFields,
  },
});
