import type { CrmContactSnapshotData } from '@suite/contracts';
import { newEvent, type NewEvent } from '@suite/eventing';

/**
 * The platform's CRM events a list-limited webhook depends on (decision 0036), built as the
 * platform builds them, for specs that publish them through webhook-dispatch's own outbox.
 */
export const crmEvents = {
  listCreated: (companyId: string, listId: string): NewEvent =>
    newEvent('list.created', {
      companyId,
      subject: listId,
      data: { id: listId, company_id: companyId, name: 'List', changed_by: null },
    }),

  listDeleted: (companyId: string, listId: string): NewEvent =>
    newEvent('list.deleted', { companyId, subject: listId, data: { id: listId, company_id: companyId, changed_by: null } }),

  contactsAdded: (companyId: string, listId: string, contactIds: string[]): NewEvent =>
    newEvent('list.contacts_added', {
      companyId,
      subject: listId,
      data: { id: listId, company_id: companyId, contact_ids: contactIds, changed_by: null },
    }),

  contactRemoved: (companyId: string, listId: string, contactId: string): NewEvent =>
    newEvent('list.contact_removed', {
      companyId,
      subject: listId,
      data: { id: listId, company_id: companyId, contact_id: contactId, changed_by: null },
    }),

  /** A lead created on `listIds` (a lead.generated too). */
  contactCreated: (companyId: string, contactId: string, phone: string | null, listIds: string[] = []): NewEvent =>
    newEvent('crm_contact.created', {
      companyId,
      subject: contactId,
      data: { ...snapshot(companyId, contactId, phone), list_ids: listIds },
    }),

  contactUpdated: (companyId: string, contactId: string, phone: string | null): NewEvent =>
    newEvent('crm_contact.updated', { companyId, subject: contactId, data: snapshot(companyId, contactId, phone) }),

  contactDeleted: (companyId: string, contactId: string): NewEvent =>
    newEvent('crm_contact.deleted', {
      companyId,
      subject: contactId,
      data: { id: contactId, company_id: companyId, deleted_at: new Date().toISOString(), changed_by: null },
    }),
};

function snapshot(companyId: string, contactId: string, phone: string | null): CrmContactSnapshotData {
  const now = new Date().toISOString();
  return {
    id: contactId,
    company_id: companyId,
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone,
    email: 'ada@example.com',
    source: 'facebook',
    assigned_to: null,
    tags: [],
    custom_fields: {},
    created_at: now,
    updated_at: now,
    changed_by: null,
  };
}
