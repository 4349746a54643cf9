import { eventually } from '@suite/testing';
import { PlatformTestApp, type TestUser } from '../testing';

/**
 * The voice features together, through the API only (no rows written by hand, no events appended
 * by the test): a number searched and bought becomes a House spam-protected number, Assign Chatbot
 * makes it AI, the sandbox's reputation answer puts a flagged AI number on the AI spam dashboard of
 * its company — and of its agency through `company_id` — with its agents' names, and a released
 * number leaves.
 */
let platform: PlatformTestApp;
let agency: string;
let child: string;
let admin: TestUser;
let agencyAdmin: TestUser;

const PERMISSIONS = [
  'view-phone-numbers',
  'edit-phone-numbers',
  'view-agents',
  'edit-agents',
  'view-spam-protected-numbers',
] as const;

beforeAll(async () => {
  platform = await PlatformTestApp.start('numbers_and_agents');
  ({ agency, child } = await platform.agencyWithChild());
  admin = await platform.actor(child, PERMISSIONS);
  agencyAdmin = await platform.actor(agency, PERMISSIONS);
});
afterAll(() => platform?.stop());

/** Buys the first number the sandbox lists for `areaCode` whose line ends in `last`. */
async function buy(user: TestUser, areaCode: string, last: string): Promise<{ id: number; phone_number: string }> {
  const token = await user.token();
  const found = await platform
    .request('get', `/api/phone-numbers/search-available?provider=Carrier&areaCode=${areaCode}`, token)
    .expect(200);
  const offer = (found.body.data.records as Array<{ phone_number: string; purchase_token: string }>).find((record) =>
    record.phone_number.endsWith(last),
  )!;
  const bought = await platform
    .request('post', '/api/phone-numbers/purchase', token)
    .send({ purchase_token: offer.purchase_token })
    .expect(201);
  return bought.body.data as { id: number; phone_number: string };
}

interface SpamRow {
  id: number;
  pnumber: string;
  type: string;
  status: string;
}

async function spamRow(user: TestUser, pnumber: string): Promise<SpamRow | undefined> {
  const list = await platform.request('get', `/api/spam-protected-numbers?per_page=100`, await user.token()).expect(200);
  return (list.body.data.records as SpamRow[]).find((row) => row.pnumber === pnumber);
}

it('follows a bought number from House to AI to the AI spam dashboard, and out again when released', async () => {
  const token = await admin.token();
  // 407 555-0107: the sandbox's T-Mobile flags numbers ending in 7.
  const number = await buy(admin, '407', '07');
  const house = await eventually(
    () => spamRow(admin, number.phone_number),
    (row) => row?.type === 'House' && row.status === 'Flagged',
    { timeoutMs: 30_000, what: 'the purchased number as a checked House row' },
  );
  expect(house).toMatchObject({ pnumber: number.phone_number, type: 'House', status: 'Flagged' });

  const ava = await platform.request('post', '/api/agents', token).send({ name: 'Ava' }).expect(201);
  const otto = await platform
    .request('post', '/api/agents', token)
    .send({ name: 'Otto', outbound_number_id: number.id })
    .expect(201);
  await platform
    .request('put', `/api/phone-numbers/${number.id}/agent`, token)
    .send({ agent_id: ava.body.data.id })
    .expect(200, {
      success: true,
      message: 'Chatbot assigned successfully.',
      data: { phone_number_id: number.id, phone_number: number.phone_number, agent_id: ava.body.data.id, agent_name: 'Ava' },
    });
  await eventually(
    () => spamRow(admin, number.phone_number),
    (row) => row?.type === 'AI',
    { timeoutMs: 30_000, what: 'the number to become an AI number' },
  );

  const expected = {
    id: house!.id,
    phone_number: number.phone_number,
    nickname: null,
    span_status: 'Flagged',
    area_code: '407',
    inbound_agent: 'Ava',
    outbound_agent: 'Otto',
    updated_at: expect.any(String),
  };
  const dashboard = await platform.request('get', '/api/ai/dashboard/spam-numbers', token).expect(200);
  expect(dashboard.body.data.records).toEqual([expected]);
  const throughAgency = await platform
    .request('get', `/api/ai/dashboard/spam-numbers?company_id=${child}`, await agencyAdmin.token())
    .expect(200);
  expect(throughAgency.body.data.records).toEqual([expected]);
  const ownOfAgency = await platform.request('get', '/api/ai/dashboard/spam-numbers', await agencyAdmin.token()).expect(200);
  expect(ownOfAgency.body.data.records).toEqual([]);

  // The picker offers both agents; an agent's number cannot be released while it is in use.
  const picker = await platform.request('get', '/api/phone-numbers/dsi-agents', token).expect(200);
  expect(picker.body).toEqual({
    results: [
      { id: ava.body.data.id, text: 'Ava' },
      { id: otto.body.data.id, text: 'Otto' },
    ],
    pagination: { more: false },
  });
  await platform.request('delete', `/api/phone-numbers/${number.id}`, token).expect(409);

  await platform.request('put', `/api/phone-numbers/${number.id}/agent`, token).send({ agent_id: null }).expect(200);
  await platform.request('put', `/api/agents/${otto.body.data.id}`, token).send({ outbound_number_id: null }).expect(200);
  await platform
    .request('delete', `/api/phone-numbers/${number.id}`, token)
    .expect(200, { success: true, message: 'Phone number released successfully.' });
  await eventually(
    () => spamRow(admin, number.phone_number),
    (row) => row === undefined,
    { timeoutMs: 30_000, what: 'the released number to leave the spam-protected numbers' },
  );
  await platform.request('get', `/api/phone-numbers/${number.id}`, token).expect(404);
}, 90_000);

it('lists a clean House number as Clean and leaves it off the AI dashboard', async () => {
  const number = await buy(admin, '512', '00');
  const row = await eventually(
    () => spamRow(admin, number.phone_number),
    (found) => found?.status === 'Clean',
    { timeoutMs: 30_000, what: 'the clean number to be checked' },
  );
  expect(row).toMatchObject({ type: 'House', status: 'Clean' });
  const dashboard = await platform.request('get', '/api/ai/dashboard/spam-numbers', await admin.token()).expect(200);
  expect((dashboard.body.data.records as Array<{ phone_number: string }>).map((record) => record.phone_number)).not.toContain(
    number.phone_number,
  );
}, 60_000);
