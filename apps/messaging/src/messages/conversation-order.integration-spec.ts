import request from 'supertest';
import { Topics } from '@suite/contracts';
import { applyStatusEvent } from '@suite/message-status';
import { signCallback } from '../carrier/callback-verifier';
import { newWorkspace, startMessagingTestApp, type MessagingTestApp, type TestWorkspace } from '../testing';
import { MessagesService, type ListFilter } from './messages.service';

/**
 * The order of GET /v1/conversations/{phone} (oldest first) and GET /v1/messages/list (newest
 * first): by `ts` — the carrier's time when known, else created_at — ties by creation (decision
 * 0024). The messages come the production way: sends through the API, inbound texts and delivery
 * receipts as signed carrier callbacks carrying their own `at`; the hand-off is the scheduler's
 * state change (accept: sent_at and carrier_ts from the carrier's answer), done by hand because
 * the scheduler waits for the send window. Then EXPLAIN shows that each read walks an index in
 * that order and stops after `limit` rows: no sort.
 */
jest.setTimeout(60_000);

const SECRET = 's'.repeat(48);
const A1 = '+14155550121';
const B1 = '+14155550131';

let suite: MessagingTestApp;
let B: string;
let keyA: string;

const http = () => request(suite.app.getHttpServer());
const asA = (test: request.Test) => test.set('x-api-key', keyA);

function postCallback(body: unknown) {
  const raw = JSON.stringify(body);
  return http()
    .post('/v1/carrier/callbacks/sandbox')
    .set('content-type', 'application/json')
    .set(signCallback(SECRET, raw, Date.now() / 1000))
    .send(raw)
    .expect(200);
}

let sequence = 0;

async function queue(to: string, message: string): Promise<string> {
  const response = await asA(http().post('/v1/messages')).send({ to, message }).expect(200);
  return response.body.id as string;
}

/** The person texts A1; the carrier says when. */
async function inbound(from: string, body: string, at: Date): Promise<string> {
  const carrierMessageId = `in_order_${++sequence}`;
  const response = await postCallback({ kind: 'inbound', carrier_message_id: carrierMessageId, from, to: A1, body, at });
  return response.body.results[0].message_id as string;
}

/** The scheduler's hand-off: claimed, then accepted by the carrier at `acceptedAt` (hand-off.service.ts sets the same columns). */
async function handOver(id: string, acceptedAt: Date): Promise<string> {
  const carrierMessageId = `out_order_${++sequence}`;
  const manager = suite.db.manager;
  await expect(
    applyStatusEvent(manager, { table: 'messaging.messages', id, event: 'claim', set: { claimed_at: new Date() } }),
  ).resolves.toMatchObject({ applied: true });
  await expect(
    applyStatusEvent(manager, {
      table: 'messaging.messages',
      id,
      event: 'accept',
      set: {
        handed_over_at: new Date(),
        sent_at: acceptedAt,
        carrier_ts: acceptedAt,
        carrier_message_id: carrierMessageId,
      },
    }),
  ).resolves.toMatchObject({ applied: true });
  return carrierMessageId;
}

async function delivered(carrierMessageId: string, at: Date): Promise<void> {
  const response = await postCallback({ kind: 'status', carrier_message_id: carrierMessageId, status: 'delivered', at });
  expect(response.body.results[0].outcome).toBe('applied');
}

interface Listed {
  id: string;
  ts: string;
  created_at: string;
}

beforeAll(async () => {
  suite = await startMessagingTestApp({
    name: 'messaging-conversation-order',
    // No scheduler: the hand-offs below happen when the test says, with the carrier times it chooses.
    scheduler: 'off',
    workspaces: [newWorkspace([A1]), newWorkspace([B1])],
    topics: [Topics.messagingMessage],
    env: {
      MESSAGING_CARRIER: 'sandbox',
      MESSAGING_CARRIER_CALLBACK_SECRET: SECRET,
      MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '0',
    },
  });
  [{ apiKey: keyA }, { companyId: B }] = suite.workspaces as [TestWorkspace, TestWorkspace];
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

describe('conversation and list order: by ts, ties by creation', () => {
  const person = '+12125550170';
  const ids: Record<'queuedFirst' | 'inbound' | 'stillQueued' | 'tiedInbound' | 'tiedOutbound', string> = {} as never;

  beforeAll(async () => {
    // Carrier times a minute ahead of the real clock, so a message without one (ts = created_at) sorts before them.
    const base = Date.now() + 60_000;
    const at = (seconds: number) => new Date(base + seconds * 1000);

    // Queued before the person wrote, delivered after: created first, shown (ts) later.
    ids.queuedFirst = await queue(person, 'Queued before the reply');
    ids.inbound = await inbound(person, 'A reply, delivered first', at(10));
    await delivered(await handOver(ids.queuedFirst, at(5)), at(20));
    // Never handed over: its ts is its created_at, earlier than every carrier time above.
    ids.stillQueued = await queue(person, 'Still waiting for the send window');
    // The same carrier time twice: creation decides (the inbound one was stored first).
    ids.tiedInbound = await inbound(person, 'Same second, stored first', at(30));
    ids.tiedOutbound = await queue(person, 'Same second, stored second');
    await delivered(await handOver(ids.tiedOutbound, at(25)), at(30));
  });

  const oldestFirst = () => [ids.stillQueued, ids.inbound, ids.queuedFirst, ids.tiedInbound, ids.tiedOutbound];

  it('GET /v1/conversations/{phone}: oldest first by ts, so the times a client shows never go backwards', async () => {
    const response = await asA(http().get(`/v1/conversations/${person}`)).expect(200);
    const messages = response.body.messages as Listed[];
    expect(messages.map((message) => message.id)).toEqual(oldestFirst());
    const shown = messages.map((message) => message.ts);
    expect(shown).toEqual([...shown].sort());
    // Created before the reply (the old order, by created_at, put it first), shown after it.
    const [, reply, queuedFirst] = messages;
    expect(Date.parse(queuedFirst!.created_at)).toBeLessThan(Date.parse(reply!.created_at));
    expect(Date.parse(queuedFirst!.ts)).toBeGreaterThan(Date.parse(reply!.ts));
    // The tie: equal ts, the one created first comes first.
    const [tiedIn, tiedOut] = messages.slice(3);
    expect(tiedIn!.ts).toBe(tiedOut!.ts);
    expect(Date.parse(tiedIn!.created_at)).toBeLessThan(Date.parse(tiedOut!.created_at));
  });

  it('with a limit: the newest `limit` by ts, still oldest first', async () => {
    const response = await asA(http().get(`/v1/conversations/${person}?limit=3`)).expect(200);
    expect((response.body.messages as Listed[]).map((message) => message.id)).toEqual(oldestFirst().slice(2));
  });

  it('GET /v1/messages/list: newest first by ts, ties by creation (latest created first), with and without filters', async () => {
    const newestFirst = oldestFirst().reverse();
    const listed = async (query: string) =>
      ((await asA(http().get(`/v1/messages/list${query}`)).expect(200)).body.messages as Listed[]).map((message) => message.id);
    await expect(listed('')).resolves.toEqual(newestFirst);
    await expect(listed(`?to=${encodeURIComponent(person)}`)).resolves.toEqual(newestFirst);
    await expect(listed('?limit=2')).resolves.toEqual(newestFirst.slice(0, 2));
    await expect(listed('?status=delivered')).resolves.toEqual([oldestFirst()[4], oldestFirst()[2]]);
  });
});

describe('EXPLAIN: each read walks a ts index in order and stops at the limit', () => {
  interface PlanNode {
    'Node Type': string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
  const LONG = '+12125559999';

  beforeAll(async () => {
    // Workspace B: 40 contacts × 250 messages and one long conversation of 3,000 (more than the
    // conversation's largest limit), a third still queued (no carrier time), the rest with a
    // carrier time that runs against creation order; then fresh statistics. (A conversation
    // shorter than the limit may be read whole and sorted: cheaper then, and the planner knows it.)
    await suite.db.query(
      `INSERT INTO messaging.messages (id, company_id, direction, body, status, from_number, contact_phone, attachments,
                                       release_after, carrier_ts, created_at)
       SELECT gen_random_uuid(), $1, 'outbound', 'bulk', CASE WHEN n % 3 = 0 THEN 'queued' ELSE 'delivered' END, $2,
              CASE WHEN n > 10000 THEN $3 ELSE '+1212555' || lpad((n % 40)::text, 4, '0') END, '[]'::jsonb, now(),
              CASE WHEN n % 3 = 0 THEN NULL ELSE now() - n * interval '1 second' END,
              now() - (13000 - n) * interval '1 second'
         FROM generate_series(1, 13000) AS n`,
      [B, B1, LONG],
    );
    await suite.db.query('ANALYZE messaging.messages');
  });

  async function plan(filter: ListFilter): Promise<PlanNode[]> {
    const [sql, parameters] = suite.app.get(MessagesService).listQuery(B, filter).getQueryAndParameters();
    const [{ 'QUERY PLAN': explained }] = (await suite.db.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)) as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode }>;
    }>;
    return nodes(explained[0]!.Plan);
  }

  it.each<[string, string, ListFilter]>([
    ['a long conversation', 'messages_conversation_ts_idx', { contactPhone: LONG, limit: 500 }],
    ['list with to', 'messages_conversation_ts_idx', { contactPhone: '+12125550007', limit: 50 }],
    ['list of the workspace', 'messages_company_ts_idx', { limit: 200 }],
    ['list by status', 'messages_company_ts_idx', { status: 'delivered', limit: 50 }],
  ])('%s: Limit over an Index Scan of %s, no Sort', async (_case, index, filter) => {
    const found = await plan(filter);
    expect(found[0]!['Node Type']).toBe('Limit');
    expect(found.filter((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort')).toEqual([]);
    expect(found.map((node) => node['Index Name']).filter(Boolean)).toEqual([index]);
  });
});
