/**
 * The bare baseline of `npm run bench:crm`: node:http and a pg Pool, no framework, no auth, doing
 * per request the statements the platform's PipelinesService issues for it (read from the service
 * and PipelinePlacements, written by hand), on the platform's own tables and rows:
 *
 *   GET /api/pipeline/{base64 id}/contacts?stage_id=&page=&per_page= — one REPEATABLE READ
 *     transaction: the pipeline by id and company; its stages in order; the page of
 *     pipeline_contacts (id, stage_id, contact_id) of the stage, newest first, LIMIT/OFFSET; the
 *     page's contacts' first names; COMMIT. Answers the same fields (data, total, pipeline).
 *   POST /api/pipeline/contact/move-stage {contact_id, stage_id} — BEGIN; the contact FOR UPDATE;
 *     the target stage; the contact's place in its pipeline; both stages FOR UPDATE in id order;
 *     the place FOR UPDATE; (same stage: COMMIT, answer the counts) the two counters −1/+1; the
 *     place's stage; the two counts; a stage change row; the pipeline.contact_moved outbox row
 *     (the outbox's own statement shape: the subject's advisory lock, a NOTIFY at most every
 *     10 ms); COMMIT.
 *
 * Run as its own process (env: DATABASE_URL, DATABASE_POOL_SIZE, PORT, BASELINE_COMPANY_ID,
 * BASELINE_USER_ID).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool } from 'pg';
import { newEvent, outboxChannel } from '@suite/eventing';
import { answer, readBody } from '../baseline-http';
import { inTransaction } from '../pg-transaction';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`crm baseline-server: ${name} is required`);
  return value;
};

const pool = new Pool({ connectionString: env('DATABASE_URL'), max: Number(env('DATABASE_POOL_SIZE')) });
const companyId = env('BASELINE_COMPANY_ID');
const userId = env('BASELINE_USER_ID');
const channel = outboxChannel('platform');
const NOTIFY_DEBOUNCE_MS = 10;
let lastNotifyAt = Number.NEGATIVE_INFINITY;

const STAGE_COLUMNS = 'id, company_id, pipeline_id, stage_name, sorting_order, contacts_count, created_at, updated_at';
const ENTRY_COLUMNS = 'id, company_id, pipeline_id, stage_id, contact_id, assigned_to, placed_at, moved_at';
const SQL = {
  pipeline: `SELECT id, company_id, name, created_at, updated_at FROM platform.pipelines WHERE company_id = $1 AND id = $2 LIMIT 1`,
  stages: `SELECT ${STAGE_COLUMNS} FROM platform.pipeline_stages WHERE company_id = $1 AND pipeline_id = $2 ORDER BY sorting_order ASC`,
  page: `SELECT id, stage_id, contact_id FROM platform.pipeline_contacts
          WHERE company_id = $1 AND pipeline_id = $2 AND stage_id = $3 ORDER BY id DESC LIMIT $4 OFFSET $5`,
  names: `SELECT id, first_name FROM platform.contacts WHERE company_id = $1 AND id = ANY($2::bigint[])`,
  lockContact: `SELECT id, assigned_to FROM platform.contacts WHERE company_id = $1 AND id = $2 AND deleted_at IS NULL LIMIT 1 FOR UPDATE`,
  target: `SELECT id, pipeline_id FROM platform.pipeline_stages WHERE company_id = $1 AND id = $2 LIMIT 1`,
  entry: `SELECT ${ENTRY_COLUMNS} FROM platform.pipeline_contacts WHERE company_id = $1 AND contact_id = $2 AND pipeline_id = $3 LIMIT 1`,
  lockStages: `SELECT ${STAGE_COLUMNS} FROM platform.pipeline_stages WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id ASC FOR UPDATE`,
  lockEntry: `SELECT ${ENTRY_COLUMNS} FROM platform.pipeline_contacts WHERE company_id = $1 AND id = $2 LIMIT 1 FOR UPDATE`,
  shift: `UPDATE platform.pipeline_stages SET contacts_count = contacts_count + $3, updated_at = now() WHERE company_id = $1 AND id = $2`,
  moveEntry: `UPDATE platform.pipeline_contacts SET stage_id = $3, moved_at = now() WHERE company_id = $1 AND id = $2`,
  counts: `SELECT id, contacts_count FROM platform.pipeline_stages WHERE company_id = $1 AND id = ANY($2::bigint[])`,
  change: `INSERT INTO platform.pipeline_stage_changes (company_id, contact_id, pipeline_id, from_stage_id, to_stage_id, reason, changed_by)
            VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, changed_at`,
  outbox: `INSERT INTO platform.outbox (id, topic, type, subject, envelope)
           SELECT $1::uuid, $2::text, $3::text, $4::text, $5::json
            WHERE (SELECT count(*) FROM (SELECT pg_advisory_xact_lock(hashtextextended('platform:' || $4::text, 0))) AS locked) >= 0
              AND (SELECT count(*) FROM (SELECT pg_notify($6::text, '') WHERE $6::text IS NOT NULL) AS notified) >= 0`,
};

const fromBase64 = (id: string): string => (/^[0-9]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('latin1'));
const toBase64 = (id: string): string => Buffer.from(id, 'latin1').toString('base64');

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface StageRow {
  id: string;
  stage_name: string;
  sorting_order: number;
  contacts_count: number;
}

function contactsPage(pipelineId: string, stageId: string, page: number, perPage: number) {
  return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ', async (client) => {
    const pipeline = (await client.query<{ id: string; name: string }>(SQL.pipeline, [companyId, pipelineId])).rows[0];
    if (!pipeline) throw new HttpError(404, 'Pipeline not found.');
    const stages = (await client.query<StageRow>(SQL.stages, [companyId, pipeline.id])).rows;
    const stage = stages.find((candidate) => candidate.id === stageId);
    if (!stage) throw new HttpError(404, 'Stage not found.');
    const entries = (
      await client.query<{ id: string; stage_id: string; contact_id: string }>(SQL.page, [
        companyId,
        pipeline.id,
        stage.id,
        perPage,
        (page - 1) * perPage,
      ])
    ).rows;
    const names = entries.length
      ? (await client.query<{ id: string; first_name: string }>(SQL.names, [companyId, entries.map((entry) => entry.contact_id)]))
          .rows
      : [];
    const firstNames = new Map(names.map((row) => [row.id, row.first_name]));
    const stageOf = (id: string) => {
      const each = stages.find((candidate) => candidate.id === id)!;
      return { id: toBase64(each.id), stage_name: each.stage_name, sorting_order: each.sorting_order };
    };
    return {
      data: {
        data: entries.map((entry) => ({
          id: toBase64(entry.contact_id),
          stage: stageOf(entry.stage_id),
          first_name: firstNames.get(entry.contact_id) ?? '',
          pipe_stage_id: Number(entry.id),
        })),
        total: stage.contacts_count,
        current_page: page,
        per_page: perPage,
        pipeline_id: toBase64(pipeline.id),
        pipeline_name: pipeline.name,
      },
    };
  });
}

interface EntryRow {
  id: string;
  pipeline_id: string;
  stage_id: string;
  contact_id: string;
}

function moveStage(contactId: string, stageId: string) {
  return inTransaction(pool, 'BEGIN', async (client) => {
    const contact = (await client.query<{ id: string }>(SQL.lockContact, [companyId, contactId])).rows[0];
    if (!contact) throw new HttpError(404, 'Contact not found.');
    const target = (await client.query<{ id: string; pipeline_id: string }>(SQL.target, [companyId, stageId])).rows[0];
    if (!target) throw new HttpError(404, 'Stage not found.');
    const before = (await client.query<EntryRow>(SQL.entry, [companyId, contact.id, target.pipeline_id])).rows[0];
    const locked = (
      await client.query<StageRow>(SQL.lockStages, [companyId, [...new Set([target.id, ...(before ? [before.stage_id] : [])])]])
    ).rows;
    if (!locked.some((stage) => stage.id === target.id)) throw new HttpError(404, 'Stage not found.');
    const entry = before && (await client.query<EntryRow>(SQL.lockEntry, [companyId, before.id])).rows[0];
    if (!entry) throw new HttpError(404, 'Stage not found.');
    if (entry.stage_id === target.id) {
      const count = locked.find((stage) => stage.id === target.id)!.contacts_count;
      return {
        pipe_stage_id: Number(entry.id),
        old_stage_id: toBase64(target.id),
        old_stage_count: count,
        new_stage_count: count,
      };
    }
    const oldStageId = entry.stage_id;
    await client.query(SQL.shift, [companyId, oldStageId, -1]);
    await client.query(SQL.shift, [companyId, target.id, 1]);
    await client.query(SQL.moveEntry, [companyId, entry.id, target.id]);
    const counts = new Map(
      (await client.query<{ id: string; contacts_count: number }>(SQL.counts, [companyId, [target.id, oldStageId]])).rows.map(
        (row) => [row.id, row.contacts_count],
      ),
    );
    await client.query(SQL.change, [companyId, contact.id, target.pipeline_id, oldStageId, target.id, 'moved', userId]);
    const event = newEvent('pipeline.contact_moved', {
      companyId,
      subject: contact.id,
      data: {
        company_id: companyId,
        contact_id: contact.id,
        pipeline_id: target.pipeline_id,
        pipe_stage_id: entry.id,
        from_stage_id: oldStageId,
        to_stage_id: target.id,
        reason: 'moved',
        changed_by: userId,
        moved_at: new Date().toISOString(),
      },
    });
    const now = performance.now();
    const notify = now - lastNotifyAt >= NOTIFY_DEBOUNCE_MS ? channel : null;
    if (notify) lastNotifyAt = now;
    await client.query(SQL.outbox, [
      event.envelope.id,
      event.topic,
      event.envelope.type,
      event.envelope.subject,
      JSON.stringify(event.envelope),
      notify,
    ]);
    return {
      pipe_stage_id: Number(entry.id),
      contact_id: toBase64(contact.id),
      old_stage_id: toBase64(oldStageId),
      new_stage_id: toBase64(target.id),
      old_stage_count: counts.get(oldStageId),
      new_stage_count: counts.get(target.id),
    };
  });
}

const LIST_PATH = /^\/api\/pipeline\/([^/]+)\/contacts$/;

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://baseline');
  if (request.method === 'GET' && url.pathname === '/health') return answer(response, 200, { status: 'ok' });
  const list = LIST_PATH.exec(url.pathname);
  if (request.method === 'GET' && list) {
    const stageId = url.searchParams.get('stage_id');
    if (!stageId) return answer(response, 400, { error: 'stage_id is required here' });
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 15);
    return answer(
      response,
      200,
      await contactsPage(fromBase64(decodeURIComponent(list[1]!)), fromBase64(stageId), page, perPage),
    );
  }
  if (request.method === 'POST' && url.pathname === '/api/pipeline/contact/move-stage') {
    const body = JSON.parse(await readBody(request)) as { contact_id: string; stage_id: string };
    const moved = await moveStage(fromBase64(String(body.contact_id)), fromBase64(String(body.stage_id)));
    return answer(response, 201, { message: 'Contact moved to stage successfully.', data: moved });
  }
  answer(response, 404, { error: 'not found' });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    if (error instanceof HttpError) return answer(response, error.status, { message: error.message });
    console.error(error);
    if (!response.headersSent) answer(response, 500, { error: 'internal error' });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(env('PORT')), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
