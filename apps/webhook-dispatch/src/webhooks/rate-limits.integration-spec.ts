import { WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * Rate limits of webhook management per bearer credential and per company (decision 0045) on two
 * instances of webhook-dispatch sharing one database: a burst of reads over the credential's budget
 * gets 429s in the management error body with the RateLimit fields and Retry-After from either
 * instance; another credential of the company gets only the company's remainder, and another
 * company its whole budget.
 */
const LIMITS = { RATE_LIMIT_READ_PER_MINUTE: '3', RATE_LIMIT_READ_COMPANY_PER_MINUTE: '4' };

let suite: WebhookDispatchTestApp;
let replica: WebhookDispatchTestApp;
let busy: TestActor;
let busyColleague: TestActor;
let other: TestActor;

beforeAll(async () => {
  suite = await WebhookDispatchTestApp.start('rate_limits', LIMITS);
  replica = await suite.startReplica();
  [busy, busyColleague] = await suite.company([['manage-webhooks'], ['manage-webhooks']]);
  [other] = await suite.company([['manage-webhooks']]);
}, 120_000);
afterAll(async () => {
  await replica?.close();
  await suite?.stop();
});

const list = (instance: WebhookDispatchTestApp, token: string) => instance.request('get', '/api/webhooks', token);

it("refuses a credential's reads past its budget on either instance, in the error body with the fields", async () => {
  const token = await busy.token();
  const answers = [];
  for (let index = 0; index < 5; index++) answers.push(await list(index % 2 ? replica : suite, token));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
  expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0', '0']);
  for (const answer of answers)
    expect(answer.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-policy': '3;w=60, 4;w=60' });
  expect(answers[3]!.body).toEqual({
    success: false,
    message: expect.stringMatching(
      /^Too many read requests: the budget of this credential or of its company is spent; retry in \d+ seconds?\.$/,
    ),
    errors: {},
  });
  expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(answers[3]!.headers['retry-after'])).toBeLessThanOrEqual(20);
});

it("gives a colleague's credential the company's remainder, and another company its whole budget", async () => {
  const colleague = await busyColleague.token();
  const remainder = [(await list(replica, colleague)).status, (await list(suite, colleague)).status];
  expect(remainder).toEqual([200, 429]);

  const stranger = await other.token();
  const answers = [await list(suite, stranger), await list(replica, stranger), await list(suite, stranger)];
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
});

it('counts before the permission check: a refused 403 carries the fields too, and a 401 does not', async () => {
  const [outsider] = await suite.company([[]]);
  const forbidden = await suite.request('get', '/api/webhooks', await outsider!.token());
  expect(forbidden.status).toBe(403);
  expect(forbidden.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
  const anonymous = await suite.request('get', '/api/webhooks', null);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
});
