import { CompanyScopedSql, entityTable } from '@suite/database';
import type { EntityManager } from 'typeorm';
import type { CrmContactSnapshotData } from '@suite/contracts';
import { ContactEntity } from '../contact.entity';

/** A retag not yet written: the contact as it will be, and the snapshot of its event that must carry its `updated_at`. */
interface PendingTags {
  readonly contact: ContactEntity;
  readonly snapshot: CrmContactSnapshotData;
}

/**
 * The tag changes of contacts a transaction holds locked (ContactsService.retagLocked), written
 * together by `write` before the transaction's events: one UPDATE per company, however many
 * contacts (a step batch's tag steps), instead of one per contact. Until then the contact lives
 * in memory — the steps that come after in the same transaction take it from there, not from a
 * read — and its events wait with the transaction's other writes; `write` gives the contacts and
 * their `crm_contact.updated` snapshots the `updated_at` the row got (the transaction's time, as
 * any UPDATE of it in the transaction would). A contact retagged twice is written once, with its
 * last tags.
 */
export class ContactTagWrites {
  private pending: PendingTags[] = [];

  get size(): number {
    return this.pending.length;
  }

  add(contact: ContactEntity, snapshot: CrmContactSnapshotData): void {
    this.pending.push({ contact, snapshot });
  }

  /** `other`'s pending tags after this one's (they are written by this one from now on). */
  take(other: ContactTagWrites): void {
    this.pending.push(...other.pending);
    other.pending = [];
  }

  /** Writes what is pending, in `manager`'s transaction (which holds the contacts locked), and forgets it. */
  async write(manager: EntityManager): Promise<void> {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    // The last change of each contact wins (each carries the whole list); every change is settled.
    const byCompany = new Map<string, Map<string, PendingTags[]>>();
    for (const entry of pending) {
      const ofCompany = byCompany.get(entry.contact.companyId) ?? new Map<string, PendingTags[]>();
      byCompany.set(entry.contact.companyId, ofCompany);
      ofCompany.set(entry.contact.id, [...(ofCompany.get(entry.contact.id) ?? []), entry]);
    }
    const table = entityTable(manager.connection, ContactEntity);
    for (const [companyId, ofCompany] of byCompany) {
      const ids = [...ofCompany.keys()];
      const rows = await CompanyScopedSql.of(manager, companyId).rows<{ id: string; updated_at: Date }>(
        `UPDATE ${table} AS c
            SET tags = ARRAY(SELECT e.tag FROM jsonb_array_elements_text(v.tags::jsonb) WITH ORDINALITY AS e(tag, n) ORDER BY e.n),
                updated_at = CURRENT_TIMESTAMP
           FROM unnest($2::bigint[], $3::text[]) AS v(id, tags)
          WHERE c.company_id = $1 AND c.id = v.id
        RETURNING c.id::text AS id, c.updated_at`,
        [ids, ids.map((id) => JSON.stringify(ofCompany.get(id)!.at(-1)!.contact.tags))],
      );
      if (rows.length !== ids.length) throw new Error('A contact to retag was not found: its transaction no longer holds it.');
      for (const row of rows) {
        for (const { contact, snapshot } of ofCompany.get(row.id)!) {
          contact.updatedAt = row.updated_at;
          snapshot.updated_at = row.updated_at.toISOString();
        }
      }
    }
  }
}
