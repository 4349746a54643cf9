import { EntitySchema } from 'typeorm';

/**
 * Events a consumer gave up on in embedded mode (in Kafka mode they go to `<topic>.dlq`). Events
 * the producing app's relay could never publish are in `outbox_dead_letter` instead.
 * `payload` is the message value exactly as received, so a poison message that is not
 * even JSON is kept too; replaying is re-publishing `payload`.
 */
export interface DeadLetterRow {
  seq: string;
  event_id: string | null;
  event_type: string | null;
  topic: string;
  payload: string;
  error: string;
  attempts: number;
  created_at: Date;
}

export const DeadLetterEntitySchema = new EntitySchema<DeadLetterRow>({
  name: 'EventingDeadLetter',
  tableName: 'dead_letter',
  columns: {
    seq: { name: 'seq', type: 'bigint', primary: true, generated: 'increment' },
    event_id: { name: 'event_id', type: 'uuid', nullable: true },
    event_type: { name: 'event_type', type: 'text', nullable: true },
    topic: { name: 'topic', type: 'text' },
    payload: { name: 'payload', type: 'text' },
    error: { name: 'error', type: 'text' },
    attempts: { name: 'attempts', type: 'int' },
    created_at: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
  },
});
