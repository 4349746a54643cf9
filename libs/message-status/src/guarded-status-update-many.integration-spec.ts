import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { applyStatusEvents } from './guarded-status-update-many';
import type { MessageStatus } from './message-status';
import { STATUS_TABLES, StatusTestTables } from './testing/status-tables';

jest.setTimeout(60_000);

const tables = new StatusTestTables('message_status_many');
const COMPANY = randomUUID();
const OTHER_COMPANY = randomUUID();

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await tables.create(4);
});

afterAll(() => tables.drop());

describe.each(STATUS_TABLES)('applyStatusEvents on %s', (tableName) => {
  const table = tables.table(tableName);

  async function insert(status: MessageStatus, companyId = COMPANY): Promise<string> {
    const id = randomUUID();
    await dataSource.query(`INSERT INTO ${table} (id, company_id, status) VALUES ($1, $2, $3)`, [id, companyId, status]);
    return id;
  }

  const read = async (id: string) =>
    (
      await dataSource.query(`SELECT status::text AS status, sent_at, carrier_ref, updated_at FROM ${table} WHERE id = $1`, [id])
    )[0] as {
      status: string;
      sent_at: Date | null;
      carrier_ref: string | null;
      updated_at: Date;
    };

  it('moves each legal row with its own values, leaves the others, and reports each in the order given', async () => {
    const sending = [await insert('sending'), await insert('sending')];
    const delivered = await insert('delivered');
    const missing = randomUUID();
    const at = [new Date('2030-01-02T03:04:05.678Z'), new Date('2030-01-02T03:04:06.789Z')];
    const outcomes = await dataSource.transaction((manager) =>
      applyStatusEvents(manager, {
        table,
        event: 'accept',
        rows: [
          { id: sending[1]!, set: { sent_at: at[1], carrier_ref: 'c-1' } },
          { id: missing, set: { sent_at: at[0], carrier_ref: 'c-x' } },
          { id: delivered, set: { sent_at: at[0], carrier_ref: 'c-d' } },
          { id: sending[0]!, set: { sent_at: at[0], carrier_ref: 'c-0' } },
        ],
      }),
    );
    expect(outcomes.map((outcome) => [outcome.id, outcome.applied])).toEqual([
      [sending[1], true],
      [missing, false],
      [delivered, false],
      [sending[0], true],
    ]);
    expect(outcomes[1]).toEqual({ id: missing, applied: false, current: null });
    expect(outcomes[2]).toEqual({ id: delivered, applied: false, current: 'delivered' });
    const first = outcomes[0]!;
    if (!first.applied) throw new Error('expected applied');
    expect(first).toMatchObject({ from: 'sending', to: 'sent' });
    // The row as written, every column, read back by no one.
    expect(first.row).toMatchObject({
      id: sending[1],
      company_id: COMPANY,
      status: 'sent',
      sent_at: at[1],
      carrier_ref: 'c-1',
      attempts: 0,
    });
    expect(await read(sending[0]!)).toMatchObject({ status: 'sent', sent_at: at[0], carrier_ref: 'c-0' });
    expect(await read(delivered)).toMatchObject({ status: 'delivered', sent_at: null, carrier_ref: null });
    expect((await read(sending[0]!)).updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('treats rows of another company as missing when a company is given', async () => {
    const mine = await insert('queued');
    const theirs = await insert('queued', OTHER_COMPANY);
    const outcomes = await applyStatusEvents(dataSource.manager, {
      table,
      event: 'cancel',
      companyId: COMPANY,
      rows: [{ id: mine }, { id: theirs }],
    });
    expect(outcomes.map((outcome) => outcome.applied)).toEqual([true, false]);
    expect(outcomes[1]).toEqual({ id: theirs, applied: false, current: null });
    expect((await read(theirs)).status).toBe('queued');
  });

  it('lets exactly one of two concurrent batches over the same rows move each row, without deadlock whatever their input order', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => insert('queued')));
    const [a, b] = await Promise.all([
      dataSource.transaction((manager) => applyStatusEvents(manager, { table, event: 'claim', rows: ids.map((id) => ({ id })) })),
      dataSource.transaction((manager) =>
        applyStatusEvents(manager, { table, event: 'claim', rows: [...ids].reverse().map((id) => ({ id })) }),
      ),
    ]);
    const byA = new Set(a!.filter((outcome) => outcome.applied).map((outcome) => outcome.id));
    const byB = new Set(b!.filter((outcome) => outcome.applied).map((outcome) => outcome.id));
    for (const id of ids) expect(byA.has(id) !== byB.has(id)).toBe(true);
  });
});
