import type { DataSource, EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement } from '@suite/database';
import { MESSAGING_DEFAULTS } from '../workspace-settings/workspace-defaults';
import { MessageEntity } from '../messages/message.entity';
import { entityFromColumns } from '../shared/entity-from-columns';

/**
 * Which due messages a claim looks at, and when there will next be something to look at
 * (decision 0014, defect 2). A message that must wait for its number's rate is left as it is
 * (release_after untouched), so "due" is not "claimable": a number's backlog stays due while the
 * number is busy. The claim therefore reads, per sender number whose next slot is already free,
 * only the first PICK_PER_NUMBER due messages in queue order — walked through the
 * (from_number, release_after, created_at, id) WHERE status = 'queued' index — plus due messages
 * without a number; a busy number's backlog is not read at all. Sender numbers are never deleted
 * (removal is a status), so every queued message's from_number has a row here; a removed number's
 * messages are always picked, to be re-pinned.
 */

/**
 * Due messages read per free number. Only one of them can be claimed (the claim takes the
 * number's slot); the others are there so a head that is deferred for another reason (send
 * window, daily cap, an opted-out contact, conversation order) does not cost the number a tick.
 */
export const PICK_PER_NUMBER = 4;

/**
 * The number `n`'s pacing interval in SQL, as nextSendSlot computes it: ceil(1000 / rate) ms, with
 * its workspace's rate (settings `s`) or the default, given as the parameter `defaultRate`.
 */
const interval = (defaultRate: string) => `ceil(1000 / coalesce(s.per_second_rate, ${defaultRate})) * interval '1 millisecond'`;

/**
 * Ranked by place in their number's queue first, so a batch smaller than (free numbers ×
 * PICK_PER_NUMBER) still reaches the head of every free number before anyone's second message.
 */
const CANDIDATE_IDS = `
  SELECT due.id FROM (
    (SELECT picked.id, picked.place, picked.release_after, picked.created_at
       FROM messaging.sender_numbers n
       LEFT JOIN messaging.workspace_settings s ON s.company_id = n.company_id
       CROSS JOIN LATERAL (
         SELECT q.id, row_number() OVER (ORDER BY q.release_after, q.created_at, q.id) AS place, q.release_after, q.created_at
           FROM messaging.messages q
          WHERE q.status = 'queued' AND q.from_number = n.number AND q.release_after <= :now
          ORDER BY q.release_after, q.created_at, q.id
          LIMIT :perNumber) picked
      WHERE n.status <> 'active' OR n.next_send_at IS NULL OR n.next_send_at + ${interval(':defaultRate')} <= :now
         -- A slot after now comes from a clock ahead of this one: not trusted (release-rules.pacingDecision).
         OR n.next_send_at > :now)
    UNION ALL
    (SELECT q.id, 1 AS place, q.release_after, q.created_at FROM messaging.messages q
      WHERE q.status = 'queued' AND q.from_number IS NULL AND q.release_after <= :now
      ORDER BY q.release_after, q.created_at, q.id
      LIMIT :limit)
  ) due
  ORDER BY due.place, due.release_after, due.created_at, due.id
  LIMIT :limit`;

/** CANDIDATE_IDS with its named parameters in the positions LOCK_CANDIDATES passes them. */
const CANDIDATE_IDS_NUMBERED = CANDIDATE_IDS.replaceAll(':now', '$1::timestamptz')
  .replaceAll(':limit', '$2::int')
  .replaceAll(':perNumber', '$3::int')
  .replaceAll(':defaultRate', '$4::real');

/**
 * The claimable due messages, locked FOR UPDATE SKIP LOCKED (replicas take disjoint sets), in
 * queue order. Status and due time are checked again on the row itself: the sub-select read a
 * snapshot, the lock reads the latest version. Each id is looked up (and locked) by primary key in
 * a LATERAL: written as `m.id IN (…)`, `= ANY (ARRAY(…))` or a join to a CTE of them, the planner
 * walks every due row of a queue index and probes the ids against it (decision 0014, "Batches",
 * has the plans' timings).
 */
const LOCK_CANDIDATES = new PreparedStatement(
  'claim_lock_candidates',
  `SELECT m.* FROM unnest(ARRAY(${CANDIDATE_IDS_NUMBERED})) AS c(id)
    CROSS JOIN LATERAL (
      SELECT * FROM messaging.messages q WHERE q.id = c.id AND q.status = 'queued' AND q.release_after <= $1::timestamptz
         FOR UPDATE SKIP LOCKED) m
    ORDER BY m.release_after, m.created_at, m.id`,
  'messaging',
);

/** The claimable due messages, at most `limit`, locked, in queue order. */
export async function lockCandidates(manager: EntityManager, now: Date, limit: number): Promise<MessageEntity[]> {
  const { rows } = await LOCK_CANDIDATES.run<Record<string, unknown>>(openTransactionOf(manager, 'release-candidates'), [
    now,
    limit,
    PICK_PER_NUMBER,
    MESSAGING_DEFAULTS.perSecondRate,
  ]);
  return rows.map((raw) => entityFromColumns(manager, MessageEntity, raw));
}

/**
 * The earliest time a claim could find something: a queued message becoming due, or a number with
 * due messages getting its next slot free (now, if one already is); null when nothing is queued.
 */
export async function nextClaimableAt(dataSource: DataSource, now: Date): Promise<Date | null> {
  const [row] = (await dataSource.query(
    `SELECT least(
       (SELECT min(release_after) FROM messaging.messages WHERE status = 'queued' AND release_after > $1::timestamptz),
       (SELECT min(CASE WHEN n.status <> 'active' OR n.next_send_at IS NULL OR n.next_send_at > $1::timestamptz THEN $1::timestamptz
                        ELSE n.next_send_at + ${interval('$2::real')} END)
          FROM messaging.sender_numbers n
          LEFT JOIN messaging.workspace_settings s ON s.company_id = n.company_id
          -- A probe of the number's queue index per number; as WHERE EXISTS the planner hashed the whole due queue (8 ms with 20,000 queued).
          CROSS JOIN LATERAL (SELECT 1 FROM messaging.messages q WHERE q.status = 'queued' AND q.from_number = n.number AND q.release_after <= $1 LIMIT 1) due),
       (SELECT $1::timestamptz WHERE EXISTS (SELECT 1 FROM messaging.messages WHERE status = 'queued' AND from_number IS NULL AND release_after <= $1))
     ) AS at`,
    [now, MESSAGING_DEFAULTS.perSecondRate],
  )) as Array<{ at: Date | null }>;
  return row?.at ?? null;
}
