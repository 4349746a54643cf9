import { defineEvent } from './define-event';
import { nullable, payload, Type, type Static } from './payload-schema';
import { companyRecordIds, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payloads on `platform.list.v1`: the CRM's selection lists of contacts (the audience a webhook or
 * a dialer campaign targets), and who is on them. Subject: the list id, so a list's events stay in
 * order. webhook-dispatch keeps its read model of lists and members from them (decision 0036).
 */
const changedBy = nullable(Type.String({ pattern: '^[0-9]+$', description: 'user id; null for the system' }));

export const listCreatedSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  changed_by: changedBy,
});
export type ListCreatedData = Static<typeof listCreatedSchema>;

/** The list is gone, and everyone left it (no `list.contact_removed` per member). */
export const listDeletedSchema = payload({ id: numericId, company_id: numericId, changed_by: changedBy });
export type ListDeletedData = Static<typeof listDeletedSchema>;

/** Contacts put on the list (through the lists API, a contact created on it, or a workflow step): only those not on it before. */
export const listContactsAddedSchema = payload({
  ...companyRecordIds,
  contact_ids: Type.Array(numericId, { description: 'CRM contact ids, at most 1,000 per event' }),
  changed_by: changedBy,
});
export type ListContactsAddedData = Static<typeof listContactsAddedSchema>;

/** A contact taken off the list: through the API, or because the contact was deleted. */
export const listContactRemovedSchema = payload({
  ...companyRecordIds,
  contact_id: Type.String({ pattern: '^[0-9]+$', description: 'CRM contact id' }),
  changed_by: changedBy,
});
export type ListContactRemovedData = Static<typeof listContactRemovedSchema>;

export const PLATFORM_LIST_EVENTS = [
  defineEvent(
    'list.created',
    Topics.platformList,
    listCreatedSchema,
    'A selection list of contacts was created (empty; its first members follow in list.contacts_added).',
  ),
  defineEvent(
    'list.deleted',
    Topics.platformList,
    listDeletedSchema,
    'A selection list was deleted; every contact left it (the contacts stay).',
  ),
  defineEvent(
    'list.contacts_added',
    Topics.platformList,
    listContactsAddedSchema,
    'Contacts were put on a list (API, a contact created on it, a workflow step): only those not on it before.',
  ),
  defineEvent(
    'list.contact_removed',
    Topics.platformList,
    listContactRemovedSchema,
    'A contact was taken off a list, through the API or because the contact was deleted.',
  ),
] as const;
