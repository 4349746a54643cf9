import { EntitySchema } from 'typeorm';
import { eventAddressColumns } from './event-address.columns';

/** One row per event a consuming app has applied; the primary key is what deduplicates. */
export interface InboxRow {
  event_id: string;
  topic: string;
  type: string;
  subject: string;
  received_at: Date;
  /** Order of application; lets tests and operators check per-subject ordering. */
  seq: string;
}

export const InboxEntitySchema = new EntitySchema<InboxRow>({
  name: 'EventingInbox',
  tableName: 'inbox',
  columns: {
    event_id: { name: 'event_id', type: 'uuid', primary: true },
    ...eventAddressColumns,
    received_at: { name: 'received_at', type: 'timestamptz', default: () => 'now()' },
    seq: { name: 'seq', type: 'bigint', generated: 'increment' },
  },
  indices: [{ name: 'inbox_received_at_idx', columns: ['received_at'] }],
});
