import { buildGuardedStatusUpdate, SQL_NOW } from './guarded-status-update-sql';
import { MessageStatusEvent } from './message-status-machine';

const base = { table: '"messaging"."messages"', id: 'm-1' } as const;

describe('buildGuardedStatusUpdate', () => {
  it('binds id, target and allowed sources as parameters', () => {
    const { text, values, to } = buildGuardedStatusUpdate({ ...base, event: 'cancel' });
    expect(to).toBe('cancelled');
    expect(values).toEqual(['m-1', 'cancelled', ['queued', 'sending']]);
    expect(text).toContain('FROM "messaging"."messages" WHERE id = $1 FOR UPDATE');
    expect(text).toContain('SET status = $2, updated_at = now()');
    expect(text).toContain('prev.status = ANY($3)');
    expect(text).not.toContain('company_id');
  });

  it('adds the tenant guard to the locking read when a company is given', () => {
    const { text, values } = buildGuardedStatusUpdate({ ...base, event: 'claim', companyId: 'c-1' });
    expect(values).toEqual(['m-1', 'sending', ['queued'], 'c-1']);
    expect(text).toContain('WHERE id = $1 AND company_id = $4 FOR UPDATE');
  });

  it('sets extra columns from parameters, never from spliced values', () => {
    const evil = "x'; drop table messages; --";
    const { text, values } = buildGuardedStatusUpdate({
      ...base,
      event: 'accept',
      companyId: 'c-1',
      set: { carrier_ref: evil, sent_at: SQL_NOW },
    });
    expect(text).toContain('SET status = $2, updated_at = now(), "carrier_ref" = $5, "sent_at" = now()');
    expect(text).not.toContain(evil);
    expect(values).toEqual(['m-1', 'sent', ['sending'], 'c-1', evil]);
  });

  it.each(['status', 'updated_at', 'id', 'company_id'])('refuses to let set touch %s', (column) => {
    expect(() => buildGuardedStatusUpdate({ ...base, event: 'claim', set: { [column]: 'x' } })).toThrow(/managed/);
  });

  it('refuses unsafe column names in set', () => {
    expect(() => buildGuardedStatusUpdate({ ...base, event: 'claim', set: { 'a = 1, b': 'x' } })).toThrow(TypeError);
  });

  it('refuses unsafe table names', () => {
    expect(() => buildGuardedStatusUpdate({ ...base, table: 'messages; drop', event: 'claim' })).toThrow(TypeError);
  });

  it('refuses unknown events', () => {
    expect(() => buildGuardedStatusUpdate({ ...base, event: 'bogus' as MessageStatusEvent })).toThrow(/Unknown/);
  });
});
