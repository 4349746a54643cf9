import { DeadLetterEntitySchema } from './dead-letter.entity-schema';
import { InboxEntitySchema } from './inbox.entity-schema';
import { OutboxDeadLetterEntitySchema } from './outbox-dead-letter.entity-schema';
import { OutboxEntitySchema } from './outbox.entity-schema';

/** Add to every app's DataSource `entities` (and so to its generated migrations). */
export const eventingEntities = [
  OutboxEntitySchema,
  OutboxDeadLetterEntitySchema,
  InboxEntitySchema,
  DeadLetterEntitySchema,
] as const;
export const EVENTING_ENTITIES = eventingEntities;

/** Table names the raw SQL uses; they must match the entity schemas above. */
export const EventingTables = {
  outbox: 'outbox',
  outboxDeadLetter: 'outbox_dead_letter',
  inbox: 'inbox',
  deadLetter: 'dead_letter',
} as const;
