import { randomInt } from 'node:crypto';
import request from 'supertest';
import type { PhoneNumberData } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { ALWAYS_OPEN_SETTINGS, newPhone, newWorkspace, startMessagingTestApp, type MessagingTestApp } from '../testing';

/**
 * The platform's phone-number events keeping the sender pools (PhoneNumberPoolHandler), on real
 * PostgreSQL and Kafka: `phone_number.purchased` and `phone_number.released` are appended to the
 * app's outbox exactly as the platform appends them, travel through Kafka to the handler, and a
 * message sent afterwards goes out from the purchased number.
 */
jest.setTimeout(120_000);

const OPERATOR_NUMBER = '+14155550301';
const workspaceA = newWorkspace([], ALWAYS_OPEN_SETTINGS);
const workspaceB = newWorkspace([OPERATOR_NUMBER]);

let suite: MessagingTestApp;

beforeAll(async () => {
  suite = await startMessagingTestApp({ name: 'messaging-phone-number-pool', workspaces: [workspaceA, workspaceB] });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

let nextId = randomInt(1_000_000, 2_000_000);

/** A platform phone-number event for `companyId`, through the outbox and Kafka like the platform's own. */
async function publish(
  type: 'phone_number.purchased' | 'phone_number.released',
  companyId: string,
  phoneNumber: string,
  overrides: Partial<PhoneNumberData> = {},
): Promise<PhoneNumberData> {
  const data: PhoneNumberData = {
    id: String(nextId++),
    company_id: companyId,
    phone_number: phoneNumber,
    capabilities: ['Voice', 'SMS', 'MMS'],
    purchased_at: new Date().toISOString(),
    released_at: type === 'phone_number.released' ? new Date().toISOString() : null,
    changed_by: null,
    ...overrides,
  };
  await suite.db.transaction((manager) =>
    suite.app.get(Outbox).append(manager, newEvent(type, { companyId, subject: data.id, data })),
  );
  return data;
}

async function poolRow(number: string): Promise<{ company_id: string; status: string } | undefined> {
  const rows: Array<{ company_id: string; status: string }> = await suite.db.query(
    'SELECT company_id::text, status FROM messaging.sender_numbers WHERE number = $1',
    [number],
  );
  return rows[0];
}

/** How many events of `type` the app's inbox has handled (each is handled once, then recorded). */
async function handled(type: string): Promise<number> {
  const rows: Array<{ n: number }> = await suite.db.query('SELECT count(*)::int AS n FROM messaging.inbox WHERE type = $1', [
    type,
  ]);
  return rows[0]!.n;
}

const waitForRow = (number: string, done: (row: Awaited<ReturnType<typeof poolRow>>) => boolean, what: string) =>
  eventually(() => poolRow(number), done, { timeoutMs: 60_000, what });

it('adds a purchased number with SMS to its company’s pool, and a message sent next goes out from it', async () => {
  const number = '+15125550301';
  const purchased = await publish('phone_number.purchased', workspaceA.companyId, number);
  // A redelivered purchase (another event id, same fact) changes nothing.
  await publish('phone_number.purchased', workspaceA.companyId, number, { id: purchased.id });
  await waitForRow(number, (row) => row?.status === 'active', 'the purchased number in the pool');
  expect(await poolRow(number)).toEqual({ company_id: workspaceA.companyId, status: 'active' });

  const to = newPhone(8);
  const sent = await request(suite.app.getHttpServer())
    .post('/v1/messages')
    .set('x-api-key', workspaceA.apiKey)
    .send({ to, message: 'Hello from our new number' })
    .expect(200);
  const message = await eventually(
    async () =>
      (
        await request(suite.app.getHttpServer())
          .get(`/v1/messages/${sent.body.id}`)
          .set('x-api-key', workspaceA.apiKey)
          .expect(200)
      ).body as { status: string; from_number: string | null },
    (body) => body.from_number !== null && body.status !== 'queued',
    { timeoutMs: 60_000, what: 'the message handed to the carrier' },
  );
  expect(message.from_number).toBe(number);
});

it('leaves out a number without SMS, and one another workspace has (a warning, not a retry loop)', async () => {
  const voiceOnly = '+15125550302';
  await publish('phone_number.purchased', workspaceA.companyId, voiceOnly, { capabilities: ['Voice'] });
  await publish('phone_number.purchased', workspaceA.companyId, OPERATOR_NUMBER);
  // Handled in order after those two: once it is in, both were handled (and none is being retried).
  const marker = '+15125550303';
  await publish('phone_number.purchased', workspaceA.companyId, marker);
  await waitForRow(marker, (row) => row?.status === 'active', 'the later purchase in the pool');
  expect(await poolRow(voiceOnly)).toBeUndefined();
  expect(await poolRow(OPERATOR_NUMBER)).toEqual({ company_id: workspaceB.companyId, status: 'active' });
  expect(await handled('phone_number.purchased')).toBeGreaterThanOrEqual(4);
});

it('removes a released number from its company’s pool, never another workspace’s, and brings it back when bought again', async () => {
  const number = '+15125550304';
  const purchased = await publish('phone_number.purchased', workspaceA.companyId, number);
  await waitForRow(number, (row) => row?.status === 'active', 'the purchased number in the pool');
  await publish('phone_number.released', workspaceA.companyId, number, { id: purchased.id });
  await waitForRow(number, (row) => row?.status === 'removed', 'the released number out of the pool');

  // A release by A of the number B has in its pool (A's purchase of it was skipped) leaves B's row.
  await publish('phone_number.released', workspaceA.companyId, OPERATOR_NUMBER);
  const marker = '+15125550305';
  await publish('phone_number.purchased', workspaceA.companyId, marker);
  await waitForRow(marker, (row) => row?.status === 'active', 'the later purchase in the pool');
  expect(await poolRow(OPERATOR_NUMBER)).toEqual({ company_id: workspaceB.companyId, status: 'active' });

  await publish('phone_number.purchased', workspaceA.companyId, number);
  await waitForRow(number, (row) => row?.status === 'active', 'the number bought again back in the pool');
});
