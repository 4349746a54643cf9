import type { DataSource } from 'typeorm';
import { qualifiedTable } from '@suite/database';
import { EventingTables } from '../entities/eventing-entities';
import type { DeadLetter } from '../transport/event-transport.port';

/**
 * Embedded mode has no broker to hold a dead-letter topic, so parked events go to the
 * consuming app's `dead_letter` table: durable, queryable, and in a schema the app owns.
 */
export class TableDeadLetterSink {
  private readonly insertSql: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.insertSql = `
      INSERT INTO ${qualifiedTable(schema, EventingTables.deadLetter)} (event_id, event_type, topic, payload, error, attempts)
      VALUES ($1, $2, $3, $4, $5, $6)`;
  }

  readonly deadLetter = async (letter: DeadLetter): Promise<void> => {
    // text columns cannot hold NUL; only a binary poison message would contain one.
    const payload = (letter.message.rawValue?.toString('utf8') ?? letter.message.value ?? '').replace(/\u0000/g, '');
    await this.dataSource.query(this.insertSql, [
      letter.envelope?.id ?? null,
      letter.envelope?.type ?? null,
      letter.message.topic,
      payload,
      letter.error,
      letter.attempts,
    ]);
  };
}
