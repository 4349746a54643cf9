import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually, TestClock, uniqueTopicPrefix } from '@suite/testing';
import { RecordingCarrier } from './testing/recording-carrier';
import { replicasOnOneDatabase, statusCounts } from './testing/replica-harness';
import { newPhone, newWorkspace, seedWorkspaces } from '../testing';

/**
 * Several scheduler replicas on one database (two app instances, each with its own recording
 * carrier): every message is handed over exactly once and none is lost; and a restart picks up
 * what a stopped instance left, including a claim it died holding.
 */
jest.setTimeout(180_000);

const prefix = uniqueTopicPrefix('messaging-replicas');
/** 10:00 in New York: inside the send window whatever the real time of day. */
const clock = new TestClock(new Date('2030-03-05T15:00:00.000Z')).run();
const numbers = Array.from({ length: 10 }, (_, index) => `+1415555030${index}`);
const workspace = newWorkspace(numbers);
const settings = { per_second_rate: 100, daily_new_contacts_start: 100_000, daily_new_contacts_max: 100_000, warmup_days: 0 };

const { apps, boot } = replicasOnOneDatabase('messaging_replicas', prefix, clock);

let seeded = false;
/** The workspace, its numbers and settings, created once (through whichever instance runs first). */
async function seedOnce(app: INestApplication): Promise<void> {
  if (seeded) return;
  await seedWorkspaces(app, [{ ...workspace, settings }]);
  seeded = true;
}

describe('release with two replicas and a restart', () => {
  it('two replicas drain 300 messages: each handed to the carrier exactly once, none lost', async () => {
    const carriers = [new RecordingCarrier(clock), new RecordingCarrier(clock)];
    const [first, second] = [await boot(carriers[0]!), await boot(carriers[1]!)];
    await seedOnce(first!);
    const db = first!.get(DataSource);

    const ids: string[] = [];
    for (let batch = 0; batch < 300; batch += 20) {
      const sent = await Promise.all(
        Array.from({ length: 20 }, (_, offset) =>
          request(((batch + offset) % 2 === 0 ? first! : second!).getHttpServer())
            .post('/v1/messages')
            .set('x-api-key', workspace.apiKey)
            .send({ to: newPhone(), message: `drain ${batch + offset}` })
            .expect(200),
        ),
      );
      ids.push(...sent.map((response) => response.body.id as string));
    }
    await eventually(
      () => statusCounts(db, ids),
      (counts) => counts['sent'] === 300,
      { timeoutMs: 120_000, intervalMs: 200, what: 'all 300 messages sent' },
    );

    const handOffs = carriers.flatMap((carrier) => carrier.sends);
    expect(handOffs).toHaveLength(300);
    expect(new Set(handOffs.map((sent) => sent.request.messageId))).toEqual(new Set(ids));
    // Both replicas did part of the work.
    expect(carriers[0]!.sends.length).toBeGreaterThan(0);
    expect(carriers[1]!.sends.length).toBeGreaterThan(0);
    const [pacing] = await db.query(
      `SELECT sum(sent)::int AS sent, sum(new_contacts)::int AS new_contacts FROM messaging.sender_number_days WHERE number = ANY($1)`,
      [numbers],
    );
    expect(pacing).toEqual({ sent: 300, new_contacts: 300 });
  });

  it('a restarted app sends what a stopped one left queued, and gives back a claim it died holding', async () => {
    for (const app of apps.splice(0)) await app.close();
    // An API-only instance queues messages, then stops with them still queued.
    const idle = await boot(new RecordingCarrier(clock), { MESSAGING_SCHEDULER_ENABLED: 'false' });
    await seedOnce(idle);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await request(idle.getHttpServer())
        .post('/v1/messages')
        .set('x-api-key', workspace.apiKey)
        .send({ to: newPhone(), message: `restart ${index}` })
        .expect(200);
      ids.push(response.body.id);
    }
    const db = idle.get(DataSource);
    // One of them as a scheduler that died between claim and hand-off leaves it: `sending`, claimed long ago.
    const stuck = ids[0]!;
    await db.query(`UPDATE messaging.messages SET status = 'sending', claimed_at = $2, send_attempts = 1 WHERE id = $1`, [
      stuck,
      new Date(clock.now().getTime() - 3_600_000),
    ]);
    await apps.splice(0)[0]!.close();

    const carrier = new RecordingCarrier(clock);
    const restarted = await boot(carrier);
    const restartedDb = restarted.get(DataSource);
    await eventually(
      () => statusCounts(restartedDb, ids),
      (counts) => counts['sent'] === 5,
      { timeoutMs: 30_000, what: 'the 5 messages sent after the restart' },
    );
    expect(carrier.sends.map((sent) => sent.request.messageId).sort()).toEqual([...ids].sort());
    const [row] = await restartedDb.query(`SELECT send_attempts FROM messaging.messages WHERE id = $1`, [stuck]);
    expect(row).toEqual({ send_attempts: 2 });
  });
});
