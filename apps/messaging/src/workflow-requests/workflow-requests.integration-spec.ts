import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { WorkflowEmailRequestedData, WorkflowSmsRequestedData } from '@suite/contracts';
import { newEvent, Outbox, type NewEvent } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { ALWAYS_OPEN_SETTINGS, newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp } from '../testing';

/**
 * The platform's workflow steps asking messaging to send (WorkflowSmsRequestHandler,
 * WorkflowEmailRequestHandler), on real PostgreSQL and Kafka: the requests are appended to the
 * app's outbox exactly as the platform appends them and travel through Kafka to the handlers.
 * A request acts once whether its event is delivered again (same event id: the inbox) or
 * appended again (another event id, same key: the message id / request_key).
 */
jest.setTimeout(120_000);

const workspace = newWorkspace(['+14155550401'], ALWAYS_OPEN_SETTINGS);
/** No sender number: every text it asks for is refused. */
const numberless = newWorkspace([]);

let suite: MessagingTestApp;

beforeAll(async () => {
  suite = await startMessagingTestApp({
    name: 'messaging-workflow-requests',
    workspaces: [workspace, numberless],
    // The longest tick there is: a text released within seconds was woken by its commit, not found by a tick.
    env: { MESSAGING_SCHEDULER_TICK_MS: '60000' },
  });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

let nextRun = randomInt(1_000_000, 2_000_000);

function smsRequest(companyId: string, overrides: Partial<WorkflowSmsRequestedData> = {}): WorkflowSmsRequestedData {
  const run = String(nextRun++);
  return {
    company_id: companyId,
    workflow_id: '7',
    run_id: run,
    step: 2,
    idempotency_key: `wf:${run}:2`,
    message_id: randomUUID(),
    contact_id: '42',
    to: newPhone(8),
    first_name: 'Ada',
    body: `Hello from run ${run}`,
    ...overrides,
  };
}

async function emailRequest(overrides: Partial<WorkflowEmailRequestedData> = {}): Promise<WorkflowEmailRequestedData> {
  const run = String(nextRun++);
  return {
    company_id: workspace.companyId,
    workflow_id: '7',
    run_id: run,
    step: 3,
    idempotency_key: `wf:${run}:3`,
    contact_id: '42',
    domain_id: await createDomain(),
    to: 'lead@example.com',
    subject: 'Your quote',
    text: `Hello from run ${run}`,
    ...overrides,
  };
}

async function createDomain(): Promise<string> {
  const response = await request(suite.app.getHttpServer())
    .post('/v1/email/domains')
    .set('x-api-key', workspace.apiKey)
    .send({ name: `d${randomUUID().slice(0, 8)}.example.test` })
    .expect(201);
  return (response.body as { id: string }).id;
}

/** The event as the platform's workflow engine appends it (subject: the run). */
function requested<T extends 'workflow_step.sms_requested' | 'workflow_step.email_requested'>(
  type: T,
  data: T extends 'workflow_step.sms_requested' ? WorkflowSmsRequestedData : WorkflowEmailRequestedData,
): NewEvent {
  return newEvent(type, { companyId: data.company_id, subject: data.run_id, data } as never);
}

/** Appends `event` to the outbox (again: the same event id delivered twice). */
async function publish(event: NewEvent): Promise<void> {
  await suite.db.transaction((manager) => suite.app.get(Outbox).append(manager, [event]));
}

/** Waits until the inbox recorded the event: its handler returned and its transaction committed. */
async function handled(event: NewEvent): Promise<void> {
  await eventually(
    async () =>
      (
        (await suite.db.query('SELECT count(*)::int AS n FROM messaging.inbox WHERE event_id = $1', [
          event.envelope.id,
        ])) as Array<{ n: number }>
      )[0]!.n,
    (n) => n === 1,
    { timeoutMs: 60_000, what: `${event.envelope.type} ${event.envelope.id} handled` },
  );
}

interface MessageRow {
  id: string;
  company_id: string;
  contact_phone: string;
  body: string;
  sender: string;
  status: string;
}

const messagesTo = (phone: string): Promise<MessageRow[]> =>
  suite.db.query(
    `SELECT id, company_id::text, contact_phone, body, sender, status FROM messaging.messages WHERE contact_phone = $1`,
    [phone],
  );

const emailSends = (companyId: string, requestKey: string): Promise<Array<{ to_address: string; subject: string }>> =>
  suite.db.query('SELECT to_address, subject FROM messaging.email_sends WHERE company_id = $1 AND request_key = $2', [
    companyId,
    requestKey,
  ]);

it('queues one text with the requested id, and the scheduler hands it over at once (woken after the inbox commits)', async () => {
  const data = smsRequest(workspace.companyId);
  const event = requested('workflow_step.sms_requested', data);
  await publish(event);
  await handled(event);
  const [message] = await messagesTo(data.to);
  expect(message).toMatchObject({
    id: data.message_id,
    company_id: workspace.companyId,
    contact_phone: data.to,
    body: data.body,
    sender: 'system',
  });
  // The tick is 60 s: only the wake after commit gets it out this soon.
  const released = await eventually(
    () => messagesTo(data.to),
    (rows) => rows[0]?.status !== 'queued',
    { timeoutMs: 15_000, what: 'the workflow text handed to the carrier' },
  );
  expect(released).toHaveLength(1);
});

it('acts once on the same event delivered again and on the same request under another event id', async () => {
  const data = smsRequest(workspace.companyId);
  const first = requested('workflow_step.sms_requested', data);
  const again = requested('workflow_step.sms_requested', data);
  expect(again.envelope.id).not.toBe(first.envelope.id);
  await publish(first);
  await publish(first);
  await publish(again);
  await handled(first);
  await handled(again);
  const rows = await messagesTo(data.to);
  expect(rows.map((row) => row.id)).toEqual([data.message_id]);
});

it('sends nothing to an opted-out contact or from a workspace without a number, and the events are done (no retry, no dead letter)', async () => {
  const optedOut = smsRequest(workspace.companyId);
  await suite.db.query(
    `INSERT INTO messaging.contacts (company_id, phone, opted_out, opted_out_at, opted_out_keyword) VALUES ($1, $2, true, now(), 'STOP')`,
    [workspace.companyId, optedOut.to],
  );
  const noNumber = smsRequest(numberless.companyId);
  const events = [requested('workflow_step.sms_requested', optedOut), requested('workflow_step.sms_requested', noNumber)];
  for (const event of events) await publish(event);
  // In the inbox: handled without an error (a throw rolls the inbox row back and retries).
  for (const event of events) await handled(event);
  expect(await messagesTo(optedOut.to)).toEqual([]);
  expect(await messagesTo(noNumber.to)).toEqual([]);
  // The refused send leaves no contact behind either.
  const contacts: unknown[] = await suite.db.query('SELECT 1 FROM messaging.contacts WHERE company_id = $1 AND phone = $2', [
    numberless.companyId,
    noNumber.to,
  ]);
  expect(contacts).toEqual([]);
});

it('queues one email with the request’s key as request_key, once however often it is delivered', async () => {
  const data = await emailRequest();
  const first = requested('workflow_step.email_requested', data);
  const again = requested('workflow_step.email_requested', data);
  await publish(first);
  await publish(first);
  await publish(again);
  await handled(first);
  await handled(again);
  expect(await emailSends(workspace.companyId, data.idempotency_key)).toEqual([{ to_address: data.to, subject: data.subject }]);
});

it('skips an email from a domain that is not the company’s, or to no address, without a retry', async () => {
  const foreign = await emailRequest({ company_id: numberless.companyId });
  const notAnAddress = await emailRequest({ to: 'nobody' });
  const events = [requested('workflow_step.email_requested', foreign), requested('workflow_step.email_requested', notAnAddress)];
  for (const event of events) await publish(event);
  for (const event of events) await handled(event);
  expect(await emailSends(numberless.companyId, foreign.idempotency_key)).toEqual([]);
  expect(await emailSends(workspace.companyId, notAnAddress.idempotency_key)).toEqual([]);
});
