/**
 * The bare baseline of `npm run bench:messaging`: node:http and a pg Pool, no framework, doing only
 * the durable write of POST /v1/messages — one transaction inserting a message row and its
 * `message.queued` outbox row into tables of the same shape as messaging's (its migrations, in a
 * database of its own) — then answering {id, status, to}. No auth, contacts, pinning or validation
 * beyond what parsing needs: the distance to it is what the product's send path costs.
 *
 * Run as its own process by baseline-target.ts (env: DATABASE_URL, DATABASE_POOL_SIZE, PORT,
 * BASELINE_COMPANY_ID, BASELINE_FROM_NUMBER).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool } from 'pg';
import { EVENT_TOPICS, EVENT_VERSIONS } from '@suite/contracts';
import { answer, readBody } from '../../baseline-http';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`baseline-server: ${name} is required`);
  return value;
};

const pool = new Pool({ connectionString: env('DATABASE_URL'), max: Number(env('DATABASE_POOL_SIZE')) });
const companyId = env('BASELINE_COMPANY_ID');
const fromNumber = env('BASELINE_FROM_NUMBER');

const INSERT_MESSAGE = `INSERT INTO messaging.messages
  (id, company_id, direction, channel, body, status, from_number, contact_phone, sender, attachments, effect, release_after, created_at, updated_at)
  VALUES ($1, $2, 'outbound', NULL, $3, 'queued', $4, $5, 'human', $6, $7, $8, $8, $8)`;
const INSERT_OUTBOX = `INSERT INTO messaging.outbox (id, topic, type, subject, envelope) VALUES ($1, $2, 'message.queued', $3, $4)`;

interface SendBody {
  to: string;
  message: string;
  attachments?: string[];
  effect?: string;
}

async function queue(body: SendBody): Promise<string> {
  const id = randomUUID();
  const eventId = randomUUID();
  const now = new Date().toISOString();
  const attachments = body.attachments ?? [];
  const effect = body.effect ?? null;
  // The same envelope and payload fields as the app's message.queued event.
  const envelope = JSON.stringify({
    id: eventId,
    type: 'message.queued',
    version: EVENT_VERSIONS['message.queued'],
    occurred_at: now,
    company_id: companyId,
    subject: id,
    data: {
      message_id: id,
      company_id: companyId,
      direction: 'outbound',
      channel: null,
      status: 'queued',
      from_number: fromNumber,
      to: body.to,
      contact_phone: body.to,
      body: body.message,
      sender: 'human',
      attachments,
      effect,
      sent_at: null,
      created_at: now,
      ts: now,
      reason: null,
    },
    traceparent: null,
  });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(INSERT_MESSAGE, [
      id,
      companyId,
      body.message,
      fromNumber,
      body.to,
      JSON.stringify(attachments),
      effect,
      now,
    ]);
    await client.query(INSERT_OUTBOX, [eventId, EVENT_TOPICS['message.queued'], id, envelope]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return id;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'GET' && request.url === '/health') return answer(response, 200, { status: 'ok' });
  if (request.method !== 'POST' || request.url !== '/v1/messages') return answer(response, 404, { error: 'not found' });
  let body: SendBody;
  try {
    body = JSON.parse(await readBody(request)) as SendBody;
  } catch {
    return answer(response, 400, { error: 'body is not JSON' });
  }
  if (typeof body?.to !== 'string' || typeof body.message !== 'string')
    return answer(response, 400, { error: 'to and message are required' });
  const id = await queue(body);
  answer(response, 200, { id, status: 'queued', to: body.to });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
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
