import { SQL_NOW } from './guarded-status-update-sql';
import { buildGuardedStatusUpdateMany } from './guarded-status-update-many';

const table = 'messaging.messages';

describe('buildGuardedStatusUpdateMany', () => {
  it('sends the rows as one JSON parameter and binds target and allowed sources', () => {
    const sentAt = new Date('2030-01-02T03:04:05.678Z');
    const { text, values, to } = buildGuardedStatusUpdateMany({
      table,
      event: 'accept',
      rows: [
        { id: 'm-1', set: { sent_at: sentAt, carrier_message_id: 'c-1' } },
        { id: 'm-2', set: { sent_at: sentAt, carrier_message_id: 'c-2' } },
      ],
    });
    expect(to).toBe('sent');
    expect(JSON.parse(values[0] as string)).toEqual([
      { id: 'm-1', sent_at: sentAt.toISOString(), carrier_message_id: 'c-1' },
      { id: 'm-2', sent_at: sentAt.toISOString(), carrier_message_id: 'c-2' },
    ]);
    expect(values.slice(1)).toEqual(['sent', ['sending']]);
    expect(text).toContain('jsonb_populate_recordset(NULL::"messaging"."messages", $1::jsonb)');
    expect(text).toContain('ORDER BY t.id FOR UPDATE');
    expect(text).toContain(
      'SET status = $2, updated_at = now(), "sent_at" = input."sent_at", "carrier_message_id" = input."carrier_message_id"',
    );
    expect(text).toContain('prev.status = ANY($3)');
    expect(text).not.toContain('company_id');
  });

  it('adds the tenant guard to the locking read when a company is given', () => {
    const { text, values } = buildGuardedStatusUpdateMany({ table, event: 'cancel', companyId: 'c-1', rows: [{ id: 'm-1' }] });
    expect(values[3]).toBe('c-1');
    expect(text).toContain('AND t.company_id = $4 ORDER BY t.id FOR UPDATE');
  });

  it('never splices values into the statement', () => {
    const evil = "x'; drop table messages; --";
    const { text } = buildGuardedStatusUpdateMany({
      table,
      event: 'reject',
      rows: [{ id: 'm-1', set: { failure_reason: evil } }],
    });
    expect(text).not.toContain(evil);
  });

  it.each(['status', 'updated_at', 'id', 'company_id'])('refuses to let set touch %s', (column) => {
    expect(() => buildGuardedStatusUpdateMany({ table, event: 'claim', rows: [{ id: 'm-1', set: { [column]: 'x' } }] })).toThrow(
      /managed/,
    );
  });

  it('refuses rows that set different columns, unsafe names, SQL_NOW, unknown events and an id given twice', () => {
    expect(() =>
      buildGuardedStatusUpdateMany({
        table,
        event: 'accept',
        rows: [
          { id: 'm-1', set: { sent_at: 1 } },
          { id: 'm-2', set: { carrier_message_id: 'x' } },
        ],
      }),
    ).toThrow(/same columns/);
    expect(() => buildGuardedStatusUpdateMany({ table, event: 'accept', rows: [{ id: 'm-1', set: { 'a;b': 1 } }] })).toThrow(
      TypeError,
    );
    expect(() =>
      buildGuardedStatusUpdateMany({ table, event: 'accept', rows: [{ id: 'm-1', set: { sent_at: SQL_NOW } }] }),
    ).toThrow(/SQL_NOW/);
    expect(() => buildGuardedStatusUpdateMany({ table, event: 'nope' as never, rows: [{ id: 'm-1' }] })).toThrow(/Unknown/);
    expect(() => buildGuardedStatusUpdateMany({ table, event: 'cancel', rows: [{ id: 'm-1' }, { id: 'm-1' }] })).toThrow(/once/);
  });
});
