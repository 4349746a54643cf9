import type { DataSource, EntityManager } from 'typeorm';
import { PreparedStatement, qualifiedTable } from '@suite/database';
import { EVENTING_STATEMENTS } from '../support/statement-namespace';
import { EventingTables } from '../entities/eventing-entities';
import { ChunkEndWork } from './chunk-end-work';
import type { ApplyEvent, InboxOutcome, InboxPort, ReceivedEvent } from './inbox.port';

/** The inbox on the consuming app's own DataSource and schema. */
export class TypeOrmInbox implements InboxPort {
  private readonly insert: PreparedStatement;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    // ORDER BY ordinality so inbox.seq follows delivery order; DO NOTHING also folds a
    // duplicate inside the same batch (the relay may have published an event twice).
    this.insert = new PreparedStatement(
      'inbox_insert',
      `
      INSERT INTO ${qualifiedTable(schema, EventingTables.inbox)} (event_id, topic, type, subject)
      SELECT event_id, topic, type, subject
        FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(event_id, topic, type, subject, ord)
       ORDER BY ord
      ON CONFLICT (event_id) DO NOTHING
      RETURNING event_id`,
      EVENTING_STATEMENTS,
    );
  }

  applyInTransaction(events: readonly ReceivedEvent[], apply: ApplyEvent): Promise<InboxOutcome> {
    return this.dataSource.transaction(async (manager) => {
      ChunkEndWork.open(manager);
      try {
        const outcome = await this.applyEach(manager, events, apply);
        // What handlers left for the chunk's end (addToChunkEnd) is written before COMMIT.
        await ChunkEndWork.finish(manager);
        return outcome;
      } finally {
        ChunkEndWork.drop(manager);
      }
    });
  }

  private async applyEach(manager: EntityManager, events: readonly ReceivedEvent[], apply: ApplyEvent): Promise<InboxOutcome> {
    const { rows } = await this.insert.run<{ event_id: string }>(manager.queryRunner!, [
      events.map((e) => e.envelope.id),
      events.map((e) => e.message.topic),
      events.map((e) => e.envelope.type),
      events.map((e) => e.envelope.subject),
    ]);
    const fresh = new Set(rows.map((row) => row.event_id));
    const applied: ReceivedEvent[] = [];
    const duplicates: ReceivedEvent[] = [];
    for (const event of events) {
      // PostgreSQL prints uuids in lower case; delete() so an in-batch repeat counts as a duplicate.
      if (fresh.delete(event.envelope.id.toLowerCase())) {
        await apply(event, manager);
        applied.push(event);
      } else {
        duplicates.push(event);
      }
    }
    return { applied, duplicates };
  }
}
