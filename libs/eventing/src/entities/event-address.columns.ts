import type { EntitySchemaColumnOptions } from 'typeorm';

/**
 * Where an event goes and what it is about — its topic, its type and its subject — as the outbox,
 * the inbox and the outbox's dead letters each store them: plain `text` columns of those names.
 */
export const eventAddressColumns = {
  topic: { name: 'topic', type: 'text' },
  type: { name: 'type', type: 'text' },
  subject: { name: 'subject', type: 'text' },
} satisfies Record<string, EntitySchemaColumnOptions>;
