import { EVENT_TOPICS, EVENT_VERSIONS } from '@suite/contracts';
import { outboxChannel } from '@suite/eventing';
import type { Client } from 'pg';

/** A batch of contacts to create: numbers `from`..`to` of the company, in `schema`'s tables. */
export interface ContactBatch {
  client: Client;
  schema: string;
  companyId: string;
  from: number;
  to: number;
}

/** One `crm_contact.created` written by a batch: its envelope id, subject (the contact) and when it occurred (ms). */
export interface CreatedContactEvent {
  eventId: string;
  contactId: string;
  occurredAtMs: number;
  /** The envelope as JSON text (the baseline's batches only: the bench publishes those itself). */
  envelope?: string;
}

const TYPE = 'crm_contact.created';

/** An instant as `Date.toISOString()` writes it (the platform's envelopes and snapshots). */
const iso = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The contacts of a batch (numbers `from`..`to`, each with a New York mobile number, the
 * template's first name) and each one's `crm_contact.created` envelope as libs/eventing newEvent
 * builds it, its data the snapshot contact-events.ts contactSnapshot builds, built in SQL from the
 * inserted rows: one statement and one round trip per batch, so 10,000 contacts take a moment.
 */
function createdSql(schema: string): string {
  return `
    WITH created AS (
      INSERT INTO ${schema}.contacts (company_id, first_name, last_name, phone, source)
      SELECT $1, 'Lead ' || n, 'Bench', '+1212' || lpad((n % 10000000)::text, 7, '0'), 'organic'
        FROM generate_series($2::int, $3::int) AS n
      RETURNING *
    ), events AS (
      SELECT c.id AS contact_id, json_build_object(
               'id', gen_random_uuid(), 'type', '${TYPE}', 'version', ${EVENT_VERSIONS[TYPE]},
               'occurred_at', ${iso('now()')}, 'company_id', c.company_id::text, 'subject', c.id::text,
               'data', json_build_object(
                 'id', c.id::text, 'company_id', c.company_id::text, 'first_name', c.first_name, 'last_name', c.last_name,
                 'phone', c.phone, 'email', c.email, 'source', c.source, 'assigned_to', c.assigned_to::text, 'tags', c.tags,
                 'custom_fields', c.custom_fields, 'created_at', ${iso('c.created_at')}, 'updated_at', ${iso('c.updated_at')},
                 'changed_by', NULL),
               'traceparent', NULL) AS envelope
        FROM created AS c
    )`;
}

/** The platform's way: the contacts and their events in its outbox, in one statement; its relay is woken as Outbox.append wakes it. */
export async function createContactsWithOutbox(batch: ContactBatch): Promise<CreatedContactEvent[]> {
  const { rows } = await batch.client.query<{ id: string; contact_id: string; occurred_at: string }>(
    `${createdSql(batch.schema)}
     INSERT INTO ${batch.schema}.outbox (id, topic, type, subject, envelope)
     SELECT (envelope->>'id')::uuid, $4, '${TYPE}', contact_id::text, envelope FROM events
      WHERE (SELECT count(*) FROM (SELECT pg_notify($5, '')) AS notified) >= 0
      ORDER BY contact_id
     RETURNING id, subject AS contact_id, envelope->>'occurred_at' AS occurred_at`,
    [batch.companyId, batch.from, batch.to, EVENT_TOPICS[TYPE], outboxChannel(batch.schema)],
  );
  return rows.map((row) => ({ eventId: row.id, contactId: row.contact_id, occurredAtMs: Date.parse(row.occurred_at) }));
}

/** The baseline's way: the contacts in its schema, and their envelopes returned for the bench to publish (it has no relay). */
export async function createContactsForBaseline(batch: ContactBatch): Promise<CreatedContactEvent[]> {
  const { rows } = await batch.client.query<{ envelope: string; contact_id: string }>(
    `${createdSql(batch.schema)} SELECT contact_id, envelope::text AS envelope FROM events ORDER BY contact_id`,
    [batch.companyId, batch.from, batch.to],
  );
  return rows.map((row) => {
    const envelope = JSON.parse(row.envelope) as { id: string; occurred_at: string };
    return {
      eventId: envelope.id,
      contactId: row.contact_id,
      occurredAtMs: Date.parse(envelope.occurred_at),
      envelope: row.envelope,
    };
  });
}
