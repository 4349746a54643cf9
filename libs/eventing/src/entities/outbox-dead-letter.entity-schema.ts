import { EntitySchema } from 'typeorm';
import { eventAddressColumns } from './event-address.columns';

/**
 * An outbox event the relay set aside because it can never be published (decision 0020): its
 * envelope does not decode, holds a lone surrogate or a NUL, or the transport refused it for
 * good. The outbox row is moved here in one statement, so it is in exactly one of the two tables.
 * Rows are kept — they are evidence for an operator, who replays or deletes them by hand
 * (docs/deployment.md).
 */
export interface OutboxDeadLetterRow {
  /** The outbox seq it had: where it stood in the commit order. */
  seq: string;
  id: string;
  topic: string;
  type: string;
  subject: string;
  /** The envelope text exactly as the outbox held it; `text`, so any content can be kept. */
  envelope: string;
  /** not_an_envelope, lone_surrogate, nul_character or refused_by_transport. */
  reason: string;
  /** What was wrong, without the payload (the check's finding or the transport's answer). */
  error: string;
  /** When the event was appended to the outbox. */
  created_at: Date;
  dead_lettered_at: Date;
}

export const OutboxDeadLetterEntitySchema = new EntitySchema<OutboxDeadLetterRow>({
  name: 'EventingOutboxDeadLetter',
  tableName: 'outbox_dead_letter',
  columns: {
    seq: { name: 'seq', type: 'bigint', primary: true },
    id: { name: 'id', type: 'uuid' },
    ...eventAddressColumns,
    envelope: { name: 'envelope', type: 'text' },
    reason: { name: 'reason', type: 'text' },
    error: { name: 'error', type: 'text' },
    created_at: { name: 'created_at', type: 'timestamptz' },
    dead_lettered_at: { name: 'dead_lettered_at', type: 'timestamptz', default: () => 'now()' },
  },
});
