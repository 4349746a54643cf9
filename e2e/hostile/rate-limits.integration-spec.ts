import type { AppName } from '@suite/contracts';
import { answerProblem } from './support/error-shapes';
import { launchSuite, type LaunchedSuite } from './support/launched-suite';

/**
 * A client flooding the credentialed APIs past their budgets (decision 0045), on the `npm start`
 * launcher with small budgets: concurrent bursts of hostile requests (garbage query values, bodies
 * that fail validation, a wrong key among them) on messaging, the platform and webhook management.
 * No answer is a 5xx, every 4xx is in its API's error shape, the refused ones are 429s with
 * Retry-After, and every answer let through or refused by the limits carries the RateLimit fields; a
 * wrong credential is a 401 that spends nothing.
 */
let suite: LaunchedSuite;

beforeAll(async () => {
  suite = await launchSuite('hostile_rate_limits', {
    env: {
      // Enough for the launcher's own check that the bootstrap credentials work (a read per app and poll).
      RATE_LIMIT_READ_PER_MINUTE: '20',
      RATE_LIMIT_READ_COMPANY_PER_MINUTE: '20',
      RATE_LIMIT_WRITE_PER_MINUTE: '3',
      RATE_LIMIT_WRITE_COMPANY_PER_MINUTE: '3',
      RATE_LIMIT_SEND_PER_MINUTE: '3',
      RATE_LIMIT_SEND_COMPANY_PER_MINUTE: '3',
    },
  });
}, 180_000);
afterAll(async () => {
  await suite?.stop();
});

interface Attack {
  path: string;
  init: RequestInit;
}

async function flood(
  app: AppName,
  attacks: readonly Attack[],
): Promise<Array<{ status: number; headers: Headers; problem: string | null }>> {
  return Promise.all(
    attacks.map(async ({ path, init }) => {
      const response = await fetch(`${suite.bases[app]}${path}`, init);
      const body = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        headers: response.headers,
        problem: answerProblem(app, path.split('?')[0]!, { status: response.status, contentType, body }),
      };
    }),
  );
}

const HOSTILE_QUERIES = [
  '?page=%00',
  '?per_page=99999999999999999999',
  '?page=-1',
  '?page=1e308',
  '?page=%F0%9F%98%80',
  '?page=[]',
];

function expectLimitedAnswers(answers: Awaited<ReturnType<typeof flood>>): void {
  expect(answers.filter((answer) => answer.problem !== null).map((answer) => answer.problem)).toEqual([]);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  // A malformed request (a NUL in the query, say) is refused at the edge, before the credential is looked at.
  for (const answer of answers.filter((answer) => answer.status < 300 || answer.status === 429)) {
    for (const field of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']) {
      expect(answer.headers.get(field)).not.toBeNull();
    }
  }
}

it('messaging: a flood of reads and sends with one key, hostile values among them', async () => {
  const key = { 'x-api-key': suite.credentials.api_key };
  const reads = Array.from({ length: 48 }, (_, index) => ({
    path: `/v1/messages/list${HOSTILE_QUERIES[index % HOSTILE_QUERIES.length]}`,
    init: { headers: key },
  }));
  const sends = Array.from({ length: 12 }, (_, index) => ({
    path: '/v1/messages',
    init: {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify(
        index % 2 ? { to: 'not a number', message: '\u0000' } : { to: '+12125550123', message: 'x'.repeat(5000) },
      ),
    },
  }));
  const wrongKey = { path: '/v1/messages/list', init: { headers: { 'x-api-key': 'sk_live_wrong' } } };
  const answers = await flood('messaging', [...reads, ...sends, wrongKey]);
  expectLimitedAnswers(answers);
  expect(answers.at(-1)!.status).toBe(401);
  expect(answers.at(-1)!.headers.get('ratelimit-limit')).toBeNull();
});

it('the platform and webhook management: floods with the personal access token', async () => {
  const bearer = { authorization: `Bearer ${suite.credentials.personal_access_token}` };
  for (const [app, path] of [
    ['platform', '/api/teams'],
    ['webhook-dispatch', '/api/webhooks'],
  ] as const) {
    const reads = Array.from({ length: 48 }, (_, index) => ({
      path: `${path}${HOSTILE_QUERIES[index % HOSTILE_QUERIES.length]}`,
      init: { headers: bearer },
    }));
    const writes = Array.from({ length: 8 }, () => ({
      path,
      init: {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: '{"name":{"$gt":""},"__proto__":{"x":1}}',
      },
    }));
    expectLimitedAnswers(await flood(app, [...reads, ...writes]));
  }
});
