import type { CrmContactSnapshotData } from '@suite/contracts';
import type { ContactEntity } from '../contact.entity';

/** The full snapshot `crm_contact.created` and `crm_contact.updated` carry. */
export const contactSnapshot = (contact: ContactEntity, changedBy: string | null): CrmContactSnapshotData => ({
  id: contact.id,
  company_id: contact.companyId,
  first_name: contact.firstName,
  last_name: contact.lastName,
  phone: contact.phone,
  email: contact.email,
  source: contact.source,
  assigned_to: contact.assignedTo,
  tags: contact.tags,
  custom_fields: contact.customFields,
  created_at: contact.createdAt.toISOString(),
  updated_at: contact.updatedAt.toISOString(),
  changed_by: changedBy,
});
