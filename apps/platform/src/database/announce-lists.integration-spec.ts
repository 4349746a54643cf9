import { EVENT_DEFINITIONS, validatePayload, type EventType } from '@suite/contracts';
import { PlatformTestApp } from '../testing';
import { AnnounceLists1795804713467 } from './migrations/1795804713467-announce-lists';

/**
 * The data migration that announces the lists there were before platform.list.v1 (decision 0036):
 * each list, its members (1,000 a event at most), and the live contacts on a list that have a
 * phone — so webhook-dispatch's read model starts whole. Nothing else is announced.
 */
let platform: PlatformTestApp;
beforeAll(async () => {
  platform = await PlatformTestApp.start('announce_lists');
});
afterAll(() => platform?.stop());

interface OutboxRow {
  type: string;
  subject: string;
  envelope: { company_id: string; data: Record<string, unknown> };
}

it('announces every list, its members and the numbers of the contacts on lists, once', async () => {
  const company = await platform.company();
  const withPhone = await platform.contact(company, { firstName: 'Ada', phone: '+14155550123' });
  const withoutPhone = await platform.contact(company, { firstName: 'Grace' });
  const onNoList = await platform.contact(company, { firstName: 'Alan', phone: '+14155550124' });
  const full = await platform.list(company, [withPhone.id, withoutPhone.id], 'Full');
  const empty = await platform.list(company, [], 'Empty');
  // As before the lists were announced: nothing of theirs in the outbox.
  await platform.db.query(`DELETE FROM platform.outbox WHERE topic IN ('platform.list.v1', 'platform.contact.v1')`);

  const runner = platform.db.createQueryRunner();
  try {
    await runner.startTransaction();
    await new AnnounceLists1795804713467().up(runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }

  const rows = (await platform.db.query(
    `SELECT type, subject, envelope FROM platform.outbox
      WHERE envelope->>'company_id' = $1 AND topic IN ('platform.list.v1', 'platform.contact.v1') ORDER BY seq`,
    [company],
  )) as OutboxRow[];
  expect(rows.map(({ type, subject, envelope }) => ({ type, subject, data: envelope.data }))).toEqual([
    { type: 'list.created', subject: full, data: { id: full, company_id: company, name: 'Full', changed_by: null } },
    {
      type: 'list.contacts_added',
      subject: full,
      data: { id: full, company_id: company, contact_ids: [withPhone.id, withoutPhone.id], changed_by: null },
    },
    { type: 'list.created', subject: empty, data: { id: empty, company_id: company, name: 'Empty', changed_by: null } },
    {
      type: 'crm_contact.updated',
      subject: withPhone.id,
      data: expect.objectContaining({ id: withPhone.id, company_id: company, phone: '+14155550123', changed_by: null }),
    },
  ]);
  expect(rows.some((row) => row.subject === onNoList.id)).toBe(false);
  for (const row of rows) expect(validatePayload(EVENT_DEFINITIONS[row.type as EventType].schema, row.envelope.data)).toEqual([]);
});
