import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { DataSource, EntityManager } from 'typeorm';

import { SQL_NOW } from './guarded-status-update-sql';
import { applyStatusEvent, StatusEventOutcome } from './guarded-status-update';
import { MessageStatus } from './message-status';
import { STATUS_TABLES, StatusTestTables } from './testing/status-tables';
import { MessageStatusEvent } from './message-status-machine';

// The race rounds open many short transactions; keep well clear of jest's 5 s default.
jest.setTimeout(60_000);

const tables = new StatusTestTables('message_status_test');
const COMPANY = randomUUID();
const OTHER_COMPANY = randomUUID();
const ROUNDS = 50;

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await tables.create(6);
});

afterAll(() => tables.drop());

interface Row {
  status: string;
  updated_at: Date;
  sent_at: Date | null;
  carrier_ref: string | null;
}

describe.each(STATUS_TABLES)('applyStatusEvent on %s', (tableName) => {
  const table = tables.table(tableName);

  async function insert(status: MessageStatus, companyId = COMPANY): Promise<string> {
    const id = randomUUID();
    await dataSource.query(`INSERT INTO ${table} (id, company_id, status) VALUES ($1, $2, $3)`, [id, companyId, status]);
    return id;
  }

  async function read(id: string): Promise<Row> {
    const [row] = await dataSource.query(
      `SELECT status::text AS status, updated_at, sent_at, carrier_ref FROM ${table} WHERE id = $1`,
      [id],
    );
    return row;
  }

  const apply = (manager: EntityManager, id: string, event: MessageStatusEvent, companyId = COMPANY) =>
    applyStatusEvent(manager, { table, id, event, companyId });

  it('applies a legal event and reports where the row came from and went to', async () => {
    const id = await insert('queued');
    const before = await read(id);

    await expect(apply(dataSource.manager, id, 'claim')).resolves.toEqual({ applied: true, from: 'queued', to: 'sending' });

    const after = await read(id);
    expect(after.status).toBe('sending');
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('reports the actual prior state when an event has several legal sources', async () => {
    const queued = await insert('queued');
    const sending = await insert('sending');

    await expect(apply(dataSource.manager, queued, 'cancel')).resolves.toEqual({
      applied: true,
      from: 'queued',
      to: 'cancelled',
    });
    await expect(apply(dataSource.manager, sending, 'cancel')).resolves.toEqual({
      applied: true,
      from: 'sending',
      to: 'cancelled',
    });
    await expect(read(queued)).resolves.toMatchObject({ status: 'cancelled' });
    await expect(read(sending)).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('sets extra columns in the same update, SQL_NOW from the database clock', async () => {
    const id = await insert('sending');

    const outcome = await dataSource.transaction((manager) =>
      applyStatusEvent(manager, { table, id, event: 'accept', set: { sent_at: SQL_NOW, carrier_ref: "c'ref" } }),
    );

    expect(outcome).toEqual({ applied: true, from: 'sending', to: 'sent' });
    const row = await read(id);
    expect(row).toMatchObject({ status: 'sent', carrier_ref: "c'ref" });
    expect(row.sent_at?.getTime()).toBe(row.updated_at.getTime());
  });

  it('changes nothing for an illegal event and reports the current status', async () => {
    const id = await insert('sent');
    const before = await read(id);

    await expect(
      applyStatusEvent(dataSource.manager, { table, id, event: 'cancel', companyId: COMPANY, set: { carrier_ref: 'x' } }),
    ).resolves.toEqual({ applied: false, current: 'sent' });

    await expect(read(id)).resolves.toEqual(before);
  });

  it('refuses a duplicate and a late receipt on terminal rows', async () => {
    const delivered = await insert('delivered');
    const failed = await insert('failed');

    await expect(apply(dataSource.manager, delivered, 'deliver')).resolves.toEqual({ applied: false, current: 'delivered' });
    await expect(apply(dataSource.manager, failed, 'deliver')).resolves.toEqual({ applied: false, current: 'failed' });
    await expect(read(failed)).resolves.toMatchObject({ status: 'failed' });
  });

  it('reports null for an unknown id', async () => {
    await expect(apply(dataSource.manager, randomUUID(), 'cancel')).resolves.toEqual({ applied: false, current: null });
  });

  it("treats another company's row as missing and leaves it alone", async () => {
    const id = await insert('queued', OTHER_COMPANY);
    const before = await read(id);

    await expect(apply(dataSource.manager, id, 'cancel', COMPANY)).resolves.toEqual({ applied: false, current: null });
    await expect(read(id)).resolves.toEqual(before);
    await expect(apply(dataSource.manager, id, 'cancel', OTHER_COMPANY)).resolves.toEqual({
      applied: true,
      from: 'queued',
      to: 'cancelled',
    });
  });

  it('addresses rows by id alone when no company is given (internal callers)', async () => {
    const id = await insert('queued', OTHER_COMPANY);
    await expect(applyStatusEvent(dataSource.manager, { table, id, event: 'claim' })).resolves.toEqual({
      applied: true,
      from: 'queued',
      to: 'sending',
    });
  });

  it('is undone with the caller transaction', async () => {
    const id = await insert('queued');
    const rollback = new Error('rollback');

    await expect(
      dataSource.transaction(async (manager) => {
        await expect(apply(manager, id, 'cancel')).resolves.toEqual({ applied: true, from: 'queued', to: 'cancelled' });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expect(read(id)).resolves.toMatchObject({ status: 'queued' });
  });

  describe('a second event waiting on the row lock is judged against the first one’s result', () => {
    // Deterministic interleaving: A applies and holds its transaction open, B must block on the
    // row lock, then A commits and B resumes against A's committed status.
    async function interleave(id: string, first: MessageStatusEvent, second: MessageStatusEvent) {
      const a = dataSource.createQueryRunner();
      const b = dataSource.createQueryRunner();
      try {
        await a.startTransaction();
        await b.startTransaction();
        const firstOutcome = await apply(a.manager, id, first);
        let secondSettled = false;
        const secondOutcome = apply(b.manager, id, second).finally(() => (secondSettled = true));
        await sleep(200);
        const blocked = !secondSettled;
        await a.commitTransaction();
        const outcome = await secondOutcome;
        await b.commitTransaction();
        return { firstOutcome, blocked, secondOutcome: outcome };
      } finally {
        await a.release();
        await b.release();
      }
    }

    it('claim then cancel: cancel waits, then cancels the in-flight message', async () => {
      const id = await insert('queued');
      await expect(interleave(id, 'claim', 'cancel')).resolves.toEqual({
        firstOutcome: { applied: true, from: 'queued', to: 'sending' },
        blocked: true,
        secondOutcome: { applied: true, from: 'sending', to: 'cancelled' },
      });
      await expect(read(id)).resolves.toMatchObject({ status: 'cancelled' });
    });

    it('cancel then claim: claim waits, then is refused', async () => {
      const id = await insert('queued');
      await expect(interleave(id, 'cancel', 'claim')).resolves.toEqual({
        firstOutcome: { applied: true, from: 'queued', to: 'cancelled' },
        blocked: true,
        secondOutcome: { applied: false, current: 'cancelled' },
      });
    });

    it('claim then claim: the second scheduler is refused', async () => {
      const id = await insert('queued');
      await expect(interleave(id, 'claim', 'claim')).resolves.toEqual({
        firstOutcome: { applied: true, from: 'queued', to: 'sending' },
        blocked: true,
        secondOutcome: { applied: false, current: 'sending' },
      });
    });

    it('requeue waiting on a claim succeeds against the claimed row', async () => {
      // Guards against judging the waiter by its stale snapshot (where the row was still queued).
      const id = await insert('queued');
      await expect(interleave(id, 'claim', 'requeue')).resolves.toEqual({
        firstOutcome: { applied: true, from: 'queued', to: 'sending' },
        blocked: true,
        secondOutcome: { applied: true, from: 'sending', to: 'queued' },
      });
    });
  });

  describe(`races: ${ROUNDS} rounds each, two transactions on separate connections`, () => {
    // Each side runs in its own transaction and lingers a little after its update so that the
    // two overlap; which one takes the row lock first is left to chance.
    const inTransaction = (id: string, event: MessageStatusEvent) =>
      dataSource.transaction(async (manager) => {
        const outcome = await apply(manager, id, event);
        await sleep(Math.random() * 5);
        return outcome;
      });

    async function race(status: MessageStatus, x: MessageStatusEvent, y: MessageStatusEvent) {
      const rounds: Array<{ id: string; x: StatusEventOutcome; y: StatusEventOutcome }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const id = await insert(status);
        const [xOutcome, yOutcome] = await Promise.all([inTransaction(id, x), inTransaction(id, y)]);
        rounds.push({ id, x: xOutcome, y: yOutcome });
      }
      return rounds;
    }

    const fromStatus = (outcome: StatusEventOutcome) => (outcome.applied ? outcome.from : null);

    it('cancel vs claim on a queued row: exactly one takes it out of queued, never both', async () => {
      const rounds = await race('queued', 'cancel', 'claim');

      for (const { id, x: cancel, y: claim } of rounds) {
        // Exactly one of them moved the row from `queued`.
        expect([fromStatus(cancel), fromStatus(claim)].filter((from) => from === 'queued')).toHaveLength(1);
        // And the loser was judged against the winner's result: cancel first refuses the claim;
        // claim first leaves an in-flight message, which the spec says is still cancellable.
        const cancelFirst = {
          cancel: { applied: true, from: 'queued', to: 'cancelled' },
          claim: { applied: false, current: 'cancelled' },
        };
        const claimFirst = {
          cancel: { applied: true, from: 'sending', to: 'cancelled' },
          claim: { applied: true, from: 'queued', to: 'sending' },
        };
        expect([cancelFirst, claimFirst]).toContainEqual({ cancel, claim });
        await expect(read(id)).resolves.toMatchObject({ status: 'cancelled' });
      }
    });

    it('claim vs claim on a queued row: exactly one scheduler wins', async () => {
      const rounds = await race('queued', 'claim', 'claim');

      for (const { id, x, y } of rounds) {
        expect([x, y].filter((o) => o.applied)).toEqual([{ applied: true, from: 'queued', to: 'sending' }]);
        expect([x, y].filter((o) => !o.applied)).toEqual([{ applied: false, current: 'sending' }]);
        await expect(read(id)).resolves.toMatchObject({ status: 'sending' });
      }
    });

    it('cancel vs carrier accept on an in-flight row: exactly one wins, never both', async () => {
      const rounds = await race('sending', 'cancel', 'accept');

      for (const { id, x: cancel, y: accept } of rounds) {
        const cancelWon = {
          cancel: { applied: true, from: 'sending', to: 'cancelled' },
          accept: { applied: false, current: 'cancelled' },
        };
        const acceptWon = { cancel: { applied: false, current: 'sent' }, accept: { applied: true, from: 'sending', to: 'sent' } };
        expect([cancelWon, acceptWon]).toContainEqual({ cancel, accept });
        const winner = cancel.applied ? 'cancelled' : 'sent';
        await expect(read(id)).resolves.toMatchObject({ status: winner });
      }
    });
  });
});
