import { defineEvent } from './define-event';
import { freeFormObject, nullable, payload, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payloads on `platform.contact.v1`: the platform CRM's contacts (leads). Subject: the contact id.
 * Their type names say `crm_contact` because `contact.*` is messaging's phone-level contact
 * (`contact.opted_out`), and the event-type namespace is one for the whole suite (decision 0025).
 */
const nullableE164 = nullable(Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }));
const tags = Type.Array(Type.String({ maxLength: 100 }));

export const crmContactSnapshotSchema = payload({
  ...companyRecordIds,
  first_name: Type.String({ maxLength: 255 }),
  last_name: nullable(Type.String()),
  phone: nullableE164,
  email: nullable(Type.String()),
  /** The channel the lead came from; the dashboard's channel. */
  source: nullable(Type.String({ description: 'facebook, google, organic, referral, …' })),
  /** The user of the company the contact is assigned to. */
  assigned_to: nullableNumericId('user id'),
  tags,
  custom_fields: freeFormObject('the company’s own fields, as the API stored them'),
  created_at: instant,
  updated_at: instant,
  /** Who made the change: a user of the company, or null for the system. */
  ...changedBy('user id of who made the change; null for the system'),
});
export type CrmContactSnapshotData = Static<typeof crmContactSnapshotSchema>;

/**
 * `crm_contact.created`: the snapshot, and the lists the contact was created on. Optional: events
 * written before it was added carry none, which a consumer reads as no list.
 */
export const crmContactCreatedSchema = payload({
  ...crmContactSnapshotSchema.properties,
  list_ids: Type.Optional(
    Type.Array(numericId, { description: 'the lists it was created on (also announced by list.contacts_added)' }),
  ),
});
export type CrmContactCreatedData = Static<typeof crmContactCreatedSchema>;

export const crmContactDeletedSchema = payload({
  ...companyRecordIds,
  deleted_at: instant,
  ...changedBy(),
});
export type CrmContactDeletedData = Static<typeof crmContactDeletedSchema>;

/** `crm_contact.tags_added`: the tags a change gave the contact that it did not have (the workflows' `tag_added` trigger). */
export const crmContactTagsAddedSchema = payload({
  ...companyRecordIds,
  /** Only the new ones. */
  added_tags: tags,
  tags,
  ...changedBy('user id; null for the system (a workflow step)'),
});
export type CrmContactTagsAddedData = Static<typeof crmContactTagsAddedSchema>;

/**
 * `crm_contact.erased`: the contact was erased on request (GDPR Art. 17, CCPA) — the platform's own
 * data is already gone when this is published. It carries what the contact was known by (the
 * erasure keys), because the other apps find their copies by it: messaging by the phone number,
 * webhook-dispatch by every value. The platform deletes this event from its outbox once every app
 * has reported its part (docs/privacy.md: Kafka keeps it for the topic's retention).
 */
export const crmContactErasedSchema = payload({
  ...companyRecordIds,
  phone: nullableE164,
  email: nullable(Type.String()),
  first_name: nullable(Type.String({ maxLength: 255 })),
  last_name: nullable(Type.String({ maxLength: 255 })),
  erased_at: instant,
  /** Who asked for it: a user of the company. */
  requested_by: nullableNumericId('user id'),
});
export type CrmContactErasedData = Static<typeof crmContactErasedSchema>;

export const PLATFORM_CRM_CONTACT_EVENTS = [
  defineEvent(
    'crm_contact.created',
    Topics.platformContact,
    crmContactCreatedSchema,
    'A CRM contact (a lead) was created (full snapshot, and the lists it was created on; feeds the lead.generated webhook).',
  ),
  defineEvent(
    'crm_contact.updated',
    Topics.platformContact,
    crmContactSnapshotSchema,
    'A CRM contact changed: name, phone, email, source, assignment, tags or custom fields (full snapshot).',
  ),
  defineEvent(
    'crm_contact.deleted',
    Topics.platformContact,
    crmContactDeletedSchema,
    'A CRM contact was deleted; it left its pipelines and lists.',
  ),
  defineEvent(
    'crm_contact.tags_added',
    Topics.platformContact,
    crmContactTagsAddedSchema,
    'Tags were added to a CRM contact (through the API or a workflow step): the tags it did not have before.',
  ),
  defineEvent(
    'crm_contact.erased',
    Topics.platformContact,
    crmContactErasedSchema,
    'A CRM contact was erased on request (POST /api/contacts/{id}/erase): the platform anonymised its data; ' +
      'carries the values the other apps find their copies by (deleted from the outbox once every app reported).',
  ),
] as const;
