import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { eventually, TestClock, uniqueTopicPrefix } from '@suite/testing';
import { RecordingCarrier, type RecordedSend } from './testing/recording-carrier';
import { replicasOnOneDatabase, statusCounts } from './testing/replica-harness';
import { newPhone, newWorkspace, seedWorkspaces, type TestWorkspace } from '../testing';

/**
 * Pacing as the carrier sees it (decision 0014): two replicas on one database whose hand-offs
 * come late at random must still hand a number's messages to the carrier at least 1/rate apart;
 * and a backlog on one number is drained without re-writing its waiting messages at every slot.
 */
jest.setTimeout(180_000);

const prefix = uniqueTopicPrefix('messaging-pacing');
/** 10:00 in New York, flowing at real speed: the carrier's record is real time. */
const clock = new TestClock(new Date('2030-03-05T15:00:00.000Z')).run();
const generousCaps = { daily_new_contacts_start: 100_000, daily_new_contacts_max: 100_000, warmup_days: 0 };

const { apps, boot: bootReplica } = replicasOnOneDatabase('messaging_pacing', prefix, clock);
let db: DataSource;

async function boot(carrier: RecordingCarrier, extra: Record<string, string> = {}): Promise<INestApplication> {
  const app = await bootReplica(carrier, extra);
  db = app.get(DataSource);
  return app;
}

async function closeAll(): Promise<void> {
  for (const app of apps.splice(0)) await app.close();
}

/** Queues `count` messages to distinct new people, through the given apps in turn. */
async function queue(targets: readonly INestApplication[], workspace: TestWorkspace, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let batch = 0; batch < count; batch += 10) {
    const sent = await Promise.all(
      Array.from({ length: Math.min(10, count - batch) }, (_, offset) =>
        request(targets[(batch + offset) % targets.length]!.getHttpServer())
          .post('/v1/messages')
          .set('x-api-key', workspace.apiKey)
          .send({ to: newPhone(), message: `paced ${batch + offset}` })
          .expect(200),
      ),
    );
    ids.push(...sent.map((response) => response.body.id as string));
  }
  return ids;
}

/** Gaps in ms between consecutive carrier arrivals of each number's messages. */
function gapsByNumber(sends: readonly RecordedSend[]): Map<string, number[]> {
  const byNumber = new Map<string, number[]>();
  for (const send of sends) byNumber.set(send.request.from, [...(byNumber.get(send.request.from) ?? []), send.at.getTime()]);
  return new Map(
    [...byNumber].map(([number, times]) => {
      const sorted = times.sort((a, b) => a - b);
      return [number, sorted.slice(1).map((time, index) => time - sorted[index]!)];
    }),
  );
}

describe('pacing at the carrier', () => {
  it('two replicas with late hand-offs: every gap between a number’s hand-offs is ≥ 1/rate, each message handed over once', async () => {
    const workspace = newWorkspace(['+14155550401', '+14155550402']);
    const carrier = new RecordingCarrier(clock);
    const replicas = [await boot(carrier), await boot(carrier)];
    await seedWorkspaces(replicas[0]!, [{ ...workspace, settings: { ...generousCaps, per_second_rate: 5 } }]);
    // A hand-off comes 0–300 ms after its claim (a slow capability lookup): longer than the 200 ms interval.
    carrier.lookupDelayMs = () => Math.floor(Math.random() * 300);

    const ids = await queue(replicas, workspace, 60);
    await eventually(
      () => statusCounts(db, ids),
      (counts) => counts['sent'] === 60,
      { timeoutMs: 60_000, intervalMs: 200, what: 'all 60 messages sent' },
    );

    expect(carrier.sends).toHaveLength(60);
    expect(new Set(carrier.sends.map((sent) => sent.request.messageId))).toEqual(new Set(ids));
    const gaps = gapsByNumber(carrier.sends);
    expect([...gaps.keys()].sort()).toEqual([...workspace.numbers].sort());
    // 1/rate = 200 ms; 1 ms for the carrier reading the clock a moment after the hand-off did.
    for (const numberGaps of gaps.values()) expect(Math.min(...numberGaps)).toBeGreaterThanOrEqual(199);
    // What the database recorded agrees.
    const recorded = (await db.query(
      `SELECT from_number, handed_over_at FROM messaging.messages WHERE id = ANY($1::uuid[]) ORDER BY from_number, handed_over_at`,
      [ids],
    )) as Array<{
      from_number: string;
      handed_over_at: Date;
    }>;
    for (let index = 1; index < recorded.length; index++) {
      if (recorded[index]!.from_number !== recorded[index - 1]!.from_number) continue;
      expect(recorded[index]!.handed_over_at.getTime() - recorded[index - 1]!.handed_over_at.getTime()).toBeGreaterThanOrEqual(
        200,
      );
    }
    await closeAll();
  });

  it('a backlog of 60 on one number: each message is rewritten a constant number of times, not once per slot', async () => {
    const workspace = newWorkspace(['+14155550411']);
    // Queued while no scheduler runs, so the whole backlog is due at once.
    const idle = await boot(new RecordingCarrier(clock), { MESSAGING_SCHEDULER_ENABLED: 'false' });
    await seedWorkspaces(idle, [{ ...workspace, settings: { ...generousCaps, per_second_rate: 20 } }]);
    const ids = await queue([idle], workspace, 60);
    // Every change of a message's release_after, counted by the database itself.
    await db.query(`CREATE TABLE IF NOT EXISTS public.release_writes (id uuid PRIMARY KEY, writes int NOT NULL)`);
    await db.query(`CREATE OR REPLACE FUNCTION public.count_release_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO public.release_writes (id, writes) VALUES (NEW.id, 1) ON CONFLICT (id) DO UPDATE SET writes = release_writes.writes + 1;
        RETURN NEW;
      END $$`);
    await db.query(`CREATE OR REPLACE TRIGGER count_release_writes AFTER UPDATE OF release_after ON messaging.messages
      FOR EACH ROW WHEN (OLD.release_after IS DISTINCT FROM NEW.release_after) EXECUTE FUNCTION public.count_release_write()`);

    // Small batches: the backlog is larger than a batch, as in production.
    const carrier = new RecordingCarrier(clock);
    await boot(carrier, { MESSAGING_SCHEDULER_BATCH_SIZE: '10' });
    await eventually(
      () => statusCounts(db, ids),
      (counts) => counts['sent'] === 60,
      { timeoutMs: 60_000, intervalMs: 200, what: 'the backlog of 60 sent' },
    );

    const [writes] = (await db.query(
      `SELECT coalesce(max(writes), 0)::int AS most, coalesce(sum(writes), 0)::int AS total FROM public.release_writes WHERE id = ANY($1::uuid[])`,
      [ids],
    )) as Array<{
      most: number;
      total: number;
    }>;
    expect(writes!.most).toBeLessThanOrEqual(2);
    expect(writes!.total).toBeLessThanOrEqual(2 * 60);
    expect(Math.min(...gapsByNumber(carrier.sends).get(workspace.numbers[0]!)!)).toBeGreaterThanOrEqual(49);
    await closeAll();
  });
});
