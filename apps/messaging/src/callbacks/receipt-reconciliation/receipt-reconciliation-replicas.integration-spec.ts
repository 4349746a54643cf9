import request from 'supertest';
import { DataSource } from 'typeorm';
import type { CarrierMessageStatus } from '../../carrier/carrier.port';
import { eventually, TestClock, uniqueTopicPrefix } from '@suite/testing';
import { RecordingCarrier } from '../../release-scheduler/testing/recording-carrier';
import { replicasOnOneDatabase, statusCounts } from '../../release-scheduler/testing/replica-harness';
import { newPhone, newWorkspace, seedWorkspaces } from '../../testing';

/**
 * The reconciliation of `sent` messages with two replicas on one database (decision 0049): both
 * sweep, neither leads, and each message without a receipt is looked up at the carrier exactly
 * once and settled by the answer.
 */
jest.setTimeout(120_000);

/** A carrier that sends no receipts (as RecordingCarrier) and answers every status lookup `delivered`, counting them. */
class LookupCountingCarrier extends RecordingCarrier {
  readonly statusLookups: string[] = [];

  override async lookupStatus(carrierMessageId: string): Promise<CarrierMessageStatus> {
    this.statusLookups.push(carrierMessageId);
    return { kind: 'delivered', providerStatus: 'delivered', at: clock.now() };
  }
}

/** 10:00 in New York: inside the send window whatever the real time of day. */
const clock = new TestClock(new Date('2030-03-05T15:00:00.000Z')).run();
const workspace = newWorkspace(['+14155550471', '+14155550472'], {
  per_second_rate: 100,
  daily_new_contacts_start: 100_000,
  daily_new_contacts_max: 100_000,
  warmup_days: 0,
});
const { boot } = replicasOnOneDatabase('receipt_reconciliation_replicas', uniqueTopicPrefix('receipt-replicas'), clock);

it('two replicas reconcile 40 messages without a receipt: each looked up once, all delivered', async () => {
  const carriers = [new LookupCountingCarrier(clock), new LookupCountingCarrier(clock)];
  const env = { MESSAGING_RECEIPT_TIMEOUT_SECONDS: '1' };
  const [first, second] = [await boot(carriers[0]!, env), await boot(carriers[1]!, env)];
  await seedWorkspaces(first!, [workspace]);
  const ids: string[] = [];
  for (let index = 0; index < 40; index++) {
    const response = await request((index % 2 === 0 ? first! : second!).getHttpServer())
      .post('/v1/messages')
      .set('x-api-key', workspace.apiKey)
      .send({ to: newPhone(), message: `No receipt ${index}` })
      .expect(200);
    ids.push(response.body.id as string);
  }
  const db = first!.get(DataSource);
  await eventually(
    () => statusCounts(db, ids),
    (counts) => counts['delivered'] === 40,
    { timeoutMs: 60_000, intervalMs: 200, what: 'all 40 messages reconciled to delivered' },
  );
  const lookups = carriers.flatMap((carrier) => carrier.statusLookups);
  const carrierIds = (await db.query(`SELECT carrier_message_id FROM messaging.messages WHERE id = ANY($1::uuid[])`, [
    ids,
  ])) as Array<{
    carrier_message_id: string;
  }>;
  expect(lookups.sort()).toEqual(carrierIds.map((row) => row.carrier_message_id).sort());
});
