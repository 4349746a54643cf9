import type { EntityManager } from 'typeorm';
import { StatementBuilder } from '@suite/database';
import { newEvent, type NewEvent } from '../envelope/new-event';
import { Outbox } from './outbox';

const event = () =>
  newEvent('company.created', { companyId: 'c1', subject: 'c1', data: { id: 'c1', name: 'A', parent_company_id: null } });

function fakeManager(inTransaction: boolean) {
  const queries: Array<{ sql: string; params: unknown[] }> = [];
  // The pg client the transaction's query runner holds; the outbox sends prepared statements on it.
  const client = {
    query: async ({ text, values }: { name: string; text: string; values: unknown[] }) => {
      queries.push({ sql: text, params: values });
      return { rows: [], rowCount: 0 };
    },
  };
  const manager = {
    queryRunner: inTransaction ? { isTransactionActive: true, connect: async () => client } : undefined,
  } as unknown as EntityManager;
  return { manager, queries };
}

describe('Outbox.append', () => {
  const metrics = { appended: jest.fn() };
  const outbox = new Outbox('platform', metrics);

  it('refuses to write outside a transaction', async () => {
    const { manager, queries } = fakeManager(false);
    await expect(outbox.append(manager, event())).rejects.toThrow(/open transaction/);
    expect(queries).toHaveLength(0);
  });

  it('inserts every event in order under the subject locks, and wakes the relay in the same statement', async () => {
    const { manager, queries } = fakeManager(true);
    const events = [event(), event()];

    const envelopes = await outbox.append(manager, events);

    expect(envelopes).toEqual(events.map((e) => e.envelope));
    expect(queries[0]!.sql).toMatch(/INSERT INTO "platform"."outbox"/);
    expect(queries[0]!.sql).toMatch(/pg_advisory_xact_lock/);
    expect(queries[0]!.params[0]).toEqual(events.map((e) => e.envelope.id));
    expect(queries[0]!.params[3]).toEqual(['c1', 'c1']);
    expect(queries[0]!.params[5]).toBe('platform');
    expect(JSON.parse((queries[0]!.params[4] as string[])[1]!)).toEqual(events[1]!.envelope);
    expect(queries[0]!.sql).toMatch(/pg_notify\(\$7::text/);
    expect(queries[0]!.params[6]).toBe('platform_outbox');
    expect(queries).toHaveLength(1);
    expect(metrics.appended).toHaveBeenCalledWith('platform.company.v1');
  });

  it('notifies at most once per debounce window', async () => {
    const debounced = new Outbox('platform', metrics, { notifyDebounceMs: 60_000 });
    const { manager, queries } = fakeManager(true);

    await debounced.append(manager, event());
    await debounced.append(manager, event());

    // The first insert carries the channel; the second, inside the window, none.
    expect(queries.map((q) => q.params[6])).toEqual(['platform_outbox', null]);
  });

  it('does nothing for an empty list', async () => {
    const { manager, queries } = fakeManager(false);
    await expect(outbox.append(manager, [])).resolves.toEqual([]);
    expect(queries).toHaveLength(0);
  });
});

describe('Outbox.statementPart', () => {
  it('is the same insert as a CTE, parameters allocated after the statement’s own, keeping only the subjects the relation holds', () => {
    const metrics = { appended: jest.fn() };
    const builder = new StatementBuilder<{ rowIds: string[]; events: readonly NewEvent[] }>();
    const rowIds = builder.param((input) => input.rowIds);
    const part = new Outbox('messaging', metrics).statementPart(
      builder.of((input) => input.events),
      { cteName: 'events_written', onlySubjectsIn: 'SELECT id::text AS subject FROM rows_written' },
    );
    const statement = builder.prepare(
      'spec',
      `WITH rows_written AS (SELECT id FROM unnest(${rowIds}::uuid[]) AS r(id)), ${part.sql} SELECT 1`,
      'spec',
    );

    expect(part.sql).toMatch(/^events_written AS \(\s*INSERT INTO "messaging"."outbox"/);
    expect(part.sql).toMatch(/RETURNING subject\)$/);
    expect(part.sql).toMatch(/unnest\(\$2::uuid\[\], \$3::text\[\], \$4::text\[\], \$5::text\[\], \$6::json\[\]\)/);
    expect(part.sql).toMatch(/e\.subject IN \(SELECT subject FROM \(SELECT id::text AS subject FROM rows_written\) AS kept\)/);
    expect(part.sql).toMatch(/unnest\(\$5::text\[\]\) AS s\(subject\)/);
    expect(part.sql).toMatch(/hashtextextended\(\$7 \|\| ':' \|\| subject, 0\)/);
    expect(part.sql).toMatch(/pg_notify\(\$8::text/);
    expect(part.sql).not.toMatch(/\$(1|9)\b/);

    const events = [event(), event()];
    const values = statement.values({ rowIds: ['r1'], events });
    expect(values).toHaveLength(8);
    expect(values[0]).toEqual(['r1']);
    expect(values[1]).toEqual(events.map((e) => e.envelope.id));
    expect(values[6]).toBe('messaging');
    expect(values[7]).toBe('messaging_outbox');
    expect(metrics.appended).not.toHaveBeenCalled();

    part.noteAppended(events.slice(1));
    expect(metrics.appended).toHaveBeenCalledTimes(1);
  });
});
