import { EntitySchema } from 'typeorm';
import { eventAddressColumns } from './event-address.columns';

/** A row of the producing app's outbox, written in the caller's transaction. */
export interface OutboxRow {
  /** Insertion order; the relay publishes in this order (per subject it equals commit order, see Outbox). */
  seq: string;
  id: string;
  topic: string;
  type: string;
  subject: string;
  /** The envelope as JSON text: `json`, not `jsonb`, so the relay publishes exactly what was written. */
  envelope: unknown;
  created_at: Date;
  published_at: Date | null;
}

/**
 * No `schema` option: the app's DataSource schema applies, so each app has its own outbox.
 * Column property names are already snake_case so any naming strategy keeps them.
 */
export const OutboxEntitySchema = new EntitySchema<OutboxRow>({
  name: 'EventingOutbox',
  tableName: 'outbox',
  columns: {
    seq: { name: 'seq', type: 'bigint', primary: true, generated: 'increment' },
    id: { name: 'id', type: 'uuid' },
    ...eventAddressColumns,
    envelope: { name: 'envelope', type: 'json' },
    created_at: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    published_at: { name: 'published_at', type: 'timestamptz', nullable: true },
  },
  indices: [
    // The relay's only hot query: unpublished rows in seq order. Stays tiny however big the table.
    { name: 'outbox_unpublished_idx', columns: ['seq'], where: '"published_at" IS NULL' },
    // Retention purge of published rows.
    { name: 'outbox_published_at_idx', columns: ['published_at'], where: '"published_at" IS NOT NULL' },
  ],
});
