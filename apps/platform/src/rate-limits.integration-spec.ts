import { VOICE_CALLBACKS_PATH } from './voice';
import { PlatformTestApp } from './testing';

/**
 * The platform API's rate limits (decision 0045): a personal access token and an access token each
 * have their own budget and share their company's; over it, 429 in the platform's error body with
 * the RateLimit fields and Retry-After. The sandbox call simulator, the voice provider's callbacks
 * and the internal routes are never limited.
 */
let platform: PlatformTestApp;

beforeAll(async () => {
  platform = await PlatformTestApp.start('rate_limits', {
    env: { RATE_LIMIT_READ_PER_MINUTE: '2', RATE_LIMIT_READ_COMPANY_PER_MINUTE: '3' },
  });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

it("limits a personal access token, then leaves another credential only the company's remainder", async () => {
  const company = await platform.company('Limited');
  const admin = await platform.actor(company, ['view-teams']);
  const pat = await platform.personalAccessToken(admin, ['view-teams']);
  await platform.replicated();
  const answers = [];
  for (let index = 0; index < 3; index++) answers.push(await platform.request('get', '/api/teams', pat));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
  expect(answers[2]!.body).toEqual({
    success: false,
    message: expect.stringMatching(
      /^Too many read requests: the budget of this credential or of its company is spent; retry in \d+ seconds?\.$/,
    ),
    errors: {},
  });
  expect(answers[2]!.headers).toMatchObject({
    'ratelimit-limit': '2',
    'ratelimit-remaining': '0',
    'ratelimit-policy': '2;w=60, 3;w=60',
  });
  expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);

  const token = await admin.token();
  const second = [await platform.request('get', '/api/teams', token), await platform.request('get', '/api/teams', token)];
  expect(second.map((answer) => answer.status)).toEqual([200, 429]);
  expect(second[1]!.headers['ratelimit-limit']).toBe('3');
});

it('never limits the sandbox call simulator, the voice callbacks or the internal routes', async () => {
  const company = await platform.company('Unlimited');
  const caller = await platform.actor(company, ['edit-calls']);
  const token = await caller.token();
  const answers = [];
  for (let index = 0; index < 4; index++) answers.push(await platform.request('post', '/api/sandbox/calls', token).send({}));
  answers.push(
    await platform.request('post', `${VOICE_CALLBACKS_PATH}/sandbox`, null).set('content-type', 'application/json').send('{}'),
  );
  answers.push(await platform.request('get', `/internal/companies/${company}`, null).set('x-internal-token', 'i'.repeat(40)));
  for (const answer of answers) {
    expect(answer.status).not.toBe(429);
    expect(answer.headers['ratelimit-limit']).toBeUndefined();
  }
  expect(answers.at(-1)!.status).toBe(200);
});
