import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { CrmContactSnapshotData } from '@suite/contracts';
import { newEvent, type NewEvent } from '@suite/eventing';

/** Members per `list.contacts_added`, as the lists API puts at most 1,000 on a list per request. */
const MEMBERS_PER_EVENT = 1_000;

/** A contact's row as the snapshot needs it (timestamps as the driver reads them). */
type ContactRow = Omit<CrmContactSnapshotData, 'created_at' | 'updated_at' | 'changed_by'> & {
  created_at: Date;
  updated_at: Date;
};

/**
 * Lists and their members existed before the platform announced them on platform.list.v1
 * (decision 0036), and Kafka keeps events for days only: this announces what there is — each
 * list (`list.created`), its members (`list.contacts_added`), and every live contact on a list
 * with a phone (`crm_contact.updated`, a snapshot: nothing changed, as GrantManageWebhooks
 * re-announces users) — so webhook-dispatch's read model starts whole. Data, not schema.
 */
export class AnnounceLists1795804713467 implements MigrationInterface {
  name = 'AnnounceLists1795804713467';

  async up(queryRunner: QueryRunner): Promise<void> {
    const lists: Array<{ id: string; company_id: string; name: string }> = await queryRunner.query(
      'SELECT "id"::text, "company_id"::text, "name" FROM "platform"."contact_lists" ORDER BY "id"',
    );
    for (const list of lists) {
      const data = { id: list.id, company_id: list.company_id, name: list.name, changed_by: null };
      await append(queryRunner, newEvent('list.created', { companyId: list.company_id, subject: list.id, data }));
      const members: Array<{ contact_id: string }> = await queryRunner.query(
        'SELECT "contact_id"::text FROM "platform"."contact_list_members" WHERE "list_id" = $1 ORDER BY "contact_id"',
        [list.id],
      );
      for (let start = 0; start < members.length; start += MEMBERS_PER_EVENT) {
        const contactIds = members.slice(start, start + MEMBERS_PER_EVENT).map((member) => member.contact_id);
        const added = { id: list.id, company_id: list.company_id, contact_ids: contactIds, changed_by: null };
        await append(queryRunner, newEvent('list.contacts_added', { companyId: list.company_id, subject: list.id, data: added }));
      }
    }
    const contacts: ContactRow[] = await queryRunner.query(
      `SELECT c."id"::text, c."company_id"::text, c."first_name", c."last_name", c."phone", c."email", c."source",
              c."assigned_to"::text, c."tags", c."custom_fields", c."created_at", c."updated_at"
         FROM "platform"."contacts" c
        WHERE c."deleted_at" IS NULL AND c."phone" IS NOT NULL
          AND EXISTS (SELECT 1 FROM "platform"."contact_list_members" m WHERE m."contact_id" = c."id")
        ORDER BY c."id"`,
    );
    for (const contact of contacts) {
      await append(
        queryRunner,
        newEvent('crm_contact.updated', { companyId: contact.company_id, subject: contact.id, data: snapshot(contact) }),
      );
    }
  }

  async down(): Promise<void> {
    // Announcements cannot be taken back; the lists and contacts are unchanged.
  }
}

function snapshot(contact: ContactRow): CrmContactSnapshotData {
  return {
    ...contact,
    created_at: contact.created_at.toISOString(),
    updated_at: contact.updated_at.toISOString(),
    changed_by: null,
  };
}

async function append(queryRunner: QueryRunner, { topic, envelope }: NewEvent): Promise<void> {
  await queryRunner.query(
    'INSERT INTO "platform"."outbox" ("id", "topic", "type", "subject", "envelope") VALUES ($1, $2, $3, $4, $5::json)',
    [envelope.id, topic, envelope.type, envelope.subject, JSON.stringify(envelope)],
  );
}
