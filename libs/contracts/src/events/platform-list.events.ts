import { payloadSchema } from './payload-schema';

/**
 * Payloads on `platform.list.v1`: the CRM's selection lists of contacts (the audience a webhook or
 * a dialer campaign targets), and who is on them. Subject: the list id, so a list's events stay in
 * order. webhook-dispatch keeps its read model of lists and members from them (decision 0036).
 */
export interface ListCreatedData {
  id: string;
  company_id: string;
  name: string;
  changed_by: string | null;
}

/** The list is gone, and everyone left it (no `list.contact_removed` per member). */
export interface ListDeletedData {
  id: string;
  company_id: string;
  changed_by: string | null;
}

/** Contacts put on the list (through the lists API, a contact created on it, or a workflow step): only those not on it before. */
export interface ListContactsAddedData {
  id: string;
  company_id: string;
  contact_ids: string[];
  changed_by: string | null;
}

/** A contact taken off the list: through the API, or because the contact was deleted. */
export interface ListContactRemovedData {
  id: string;
  company_id: string;
  contact_id: string;
  changed_by: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const changedBy = { type: ['string', 'null'], pattern: '^[0-9]+$', description: 'user id; null for the system' } as const;

export const listCreatedSchema = payloadSchema<ListCreatedData>({
  properties: { id: numericId, company_id: numericId, name: { type: 'string', maxLength: 255 }, changed_by: changedBy },
  required: ['id', 'company_id', 'name', 'changed_by'],
});

export const listDeletedSchema = payloadSchema<ListDeletedData>({
  properties: { id: numericId, company_id: numericId, changed_by: changedBy },
  required: ['id', 'company_id', 'changed_by'],
});

export const listContactsAddedSchema = payloadSchema<ListContactsAddedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    contact_ids: { type: 'array', items: numericId, description: 'CRM contact ids, at most 1,000 per event' },
    changed_by: changedBy,
  },
  required: ['id', 'company_id', 'contact_ids', 'changed_by'],
});

export const listContactRemovedSchema = payloadSchema<ListContactRemovedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    contact_id: { ...numericId, description: 'CRM contact id' },
    changed_by: changedBy,
  },
  required: ['id', 'company_id', 'contact_id', 'changed_by'],
});
