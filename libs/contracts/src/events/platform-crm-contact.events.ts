import { freeFormObject, payloadSchema } from './payload-schema';

/**
 * Payloads on `platform.contact.v1`: the platform CRM's contacts (leads). Subject: the contact id.
 * Their type names say `crm_contact` because `contact.*` is messaging's phone-level contact
 * (`contact.opted_out`), and the event-type namespace is one for the whole suite (decision 0025).
 */
export interface CrmContactSnapshotData {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string | null;
  /** E.164. */
  phone: string | null;
  email: string | null;
  /** The channel the lead came from (`facebook`, `google`, `organic`, `referral`, …); the dashboard's channel. */
  source: string | null;
  /** The user of the company the contact is assigned to. */
  assigned_to: string | null;
  tags: string[];
  custom_fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Who made the change: a user of the company, or null for the system. */
  changed_by: string | null;
}

/**
 * `crm_contact.created`: the snapshot, and the lists the contact was created on. Optional: events
 * written before it was added carry none, which a consumer reads as no list.
 */
export interface CrmContactCreatedData extends CrmContactSnapshotData {
  list_ids?: string[];
}

export interface CrmContactDeletedData {
  id: string;
  company_id: string;
  deleted_at: string;
  changed_by: string | null;
}

/** `crm_contact.tags_added`: the tags a change gave the contact that it did not have (the workflows' `tag_added` trigger). */
export interface CrmContactTagsAddedData {
  id: string;
  company_id: string;
  /** Only the new ones. */
  added_tags: string[];
  tags: string[];
  changed_by: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;

export const crmContactSnapshotSchema = payloadSchema<CrmContactSnapshotData>({
  properties: {
    id: numericId,
    company_id: numericId,
    first_name: { type: 'string', maxLength: 255 },
    last_name: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'], pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' },
    email: { type: ['string', 'null'] },
    source: { type: ['string', 'null'], description: 'facebook, google, organic, referral, …' },
    assigned_to: { ...nullableNumericId, description: 'user id' },
    tags: { type: 'array', items: { type: 'string', maxLength: 100 } },
    custom_fields: freeFormObject('the company’s own fields, as the API stored them'),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    changed_by: { ...nullableNumericId, description: 'user id of who made the change; null for the system' },
  },
  required: [
    'id',
    'company_id',
    'first_name',
    'last_name',
    'phone',
    'email',
    'source',
    'assigned_to',
    'tags',
    'custom_fields',
    'created_at',
    'updated_at',
    'changed_by',
  ],
});

export const crmContactCreatedSchema = payloadSchema<CrmContactCreatedData>({
  properties: {
    ...crmContactSnapshotSchema.properties,
    list_ids: {
      type: 'array',
      items: numericId,
      description: 'the lists it was created on (also announced by list.contacts_added)',
    },
  },
  required: crmContactSnapshotSchema.required,
});

export const crmContactDeletedSchema = payloadSchema<CrmContactDeletedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    deleted_at: { type: 'string', format: 'date-time' },
    changed_by: { ...nullableNumericId, description: 'user id' },
  },
  required: ['id', 'company_id', 'deleted_at', 'changed_by'],
});

export const crmContactTagsAddedSchema = payloadSchema<CrmContactTagsAddedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    added_tags: { type: 'array', items: { type: 'string', maxLength: 100 } },
    tags: { type: 'array', items: { type: 'string', maxLength: 100 } },
    changed_by: { ...nullableNumericId, description: 'user id; null for the system (a workflow step)' },
  },
  required: ['id', 'company_id', 'added_tags', 'tags', 'changed_by'],
});

/**
 * `crm_contact.erased`: the contact was erased on request (GDPR Art. 17, CCPA) — the platform's own
 * data is already gone when this is published. It carries what the contact was known by (the
 * erasure keys), because the other apps find their copies by it: messaging by the phone number,
 * webhook-dispatch by every value. The platform deletes this event from its outbox once every app
 * has reported its part (docs/privacy.md: Kafka keeps it for the topic's retention).
 */
export interface CrmContactErasedData {
  id: string;
  company_id: string;
  /** E.164. */
  phone: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  erased_at: string;
  /** Who asked for it: a user of the company. */
  requested_by: string | null;
}

export const crmContactErasedSchema = payloadSchema<CrmContactErasedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    phone: { type: ['string', 'null'], pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' },
    email: { type: ['string', 'null'] },
    first_name: { type: ['string', 'null'], maxLength: 255 },
    last_name: { type: ['string', 'null'], maxLength: 255 },
    erased_at: { type: 'string', format: 'date-time' },
    requested_by: { ...nullableNumericId, description: 'user id' },
  },
  required: ['id', 'company_id', 'phone', 'email', 'first_name', 'last_name', 'erased_at', 'requested_by'],
});
