import type { INestApplication } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { hashPassword } from '@suite/passwords';
import { CLOCK, type Clock } from '@suite/time';
import { FormSession, hiddenFields, pkceAuthorization } from '@suite/testing';
import { AuthTestApp } from './testing/auth-test-app';

/**
 * One email, accounts in several companies (decision 0037), through the login forms on real
 * PostgreSQL and Kafka: the password is verified against each account's own hash, the chooser
 * lists only the companies whose account it opened, the choice is bound to the browser's session
 * and redeemed once, and each account keeps its own sign-in lock (decision 0021).
 */
const PASSWORD = 'correct horse battery staple';
const OTHER_PASSWORD = 'a different horse altogether';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

let auth: AuthTestApp;
let app: INestApplication;
let base: string;
let client: { client_id: string; client_secret: string };
const stamp = Date.now();
/** Accounts in Acme (42) and Bolt (43) open with PASSWORD; the one in Crane (44) with OTHER_PASSWORD. */
const shared = `shared-${stamp}@example.com`;
/** The lock test's own email: 11 in Acme opens with PASSWORD, 12 in Bolt with OTHER_PASSWORD. */
const locked = `locked-${stamp}@example.com`;

beforeAll(async () => {
  auth = await AuthTestApp.start('company_chooser');
  ({ app, base } = auth);
  const [hash, otherHash] = [await hashPassword(PASSWORD), await hashPassword(OTHER_PASSWORD)];
  await auth.seed(
    [
      { id: '42', parentCompanyId: null, name: 'Acme Agency' },
      { id: '43', parentCompanyId: '42', name: 'Bolt Dental' },
      { id: '44', parentCompanyId: '42', name: 'Crane Roofing' },
    ],
    [
      { id: '7', companyId: '42', permissions: ['view-users'], email: shared, passwordHash: hash },
      { id: '8', companyId: '43', permissions: ['view-users'], email: shared.toUpperCase(), passwordHash: hash },
      { id: '9', companyId: '44', permissions: ['view-users'], email: shared, passwordHash: otherHash },
      { id: '11', companyId: '42', permissions: ['view-users'], email: locked, passwordHash: hash },
      { id: '12', companyId: '43', permissions: ['view-users'], email: locked, passwordHash: otherHash },
    ],
  );
  const registered = await fetch(`${base}/internal/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': AuthTestApp.INTERNAL_TOKEN },
    body: JSON.stringify({ name: 'Chooser CRM', redirect_uri: REDIRECT_URI, confidential: true, company_id: '42' }),
  });
  expect(registered.status).toBe(201);
  client = (await registered.json()) as typeof client;
});

afterAll(async () => {
  await auth?.stop();
});

/**
 * Auth's clock, frozen for each test two minutes after the previous test's: locks and choices last
 * until a test moves it, and each test starts in a fresh minute of the per-address login limit.
 */
let clock: { advance(ms: number): void };
let testStart = Date.now();
beforeEach(() => {
  testStart += 120_000;
  let now = testStart;
  jest.spyOn(app.get<Clock>(CLOCK), 'now').mockImplementation(() => new Date(now));
  clock = { advance: (ms) => void (now += ms) };
});

afterEach(() => jest.restoreAllMocks());

/** A browser on the login page of a fresh authorization request. */
async function atLogin(): Promise<{ browser: FormSession; fields: Record<string, string>; verifier: string }> {
  const { url, verifier } = pkceAuthorization(base, {
    clientId: client.client_id,
    redirectUri: REDIRECT_URI,
    scope: 'view-users',
  });
  const browser = new FormSession(base);
  const page = await browser.get(url);
  expect(page.status).toBe(200);
  return { browser, fields: hiddenFields(await page.text()), verifier };
}

/** Posts email and password; on a 303, follows it to the page the authorization endpoint shows next. */
async function signIn(browser: FormSession, fields: Record<string, string>, email: string, password: string) {
  const posted = await browser.post('/login/oauth/login', { ...fields, email, password });
  if (posted.status !== 303) return { posted, next: null };
  const next = await browser.get(posted.headers.get('location')!);
  return { posted, next: { status: next.status, html: await next.text() } };
}

const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
/** The chooser's buttons: the user id each posts, and its label. */
const choices = (html: string) =>
  [...html.matchAll(/<button type="submit" name="user_id" value="([^"]*)">([^<]*)<\/button>/g)].map(([, userId, label]) => ({
    userId,
    label,
  }));

/** Consents on the consent page and exchanges the code: the access token's claims. */
async function consentAndRedeem(browser: FormSession, consentHtml: string, verifier: string) {
  const decided = await browser.post('/login/oauth/consent', { ...hiddenFields(consentHtml), decision: 'allow' });
  expect(decided.status).toBe(303);
  const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: client.client_id,
      client_secret: client.client_secret,
    }).toString(),
  });
  expect(exchanged.status).toBe(200);
  return decodeJwt(((await exchanged.json()) as { access_token: string }).access_token);
}

describe('signing in with an email that has accounts in several companies', () => {
  it('asks which company once the password is verified, listing only the accounts it opened; the choice signs in as that user', async () => {
    const { browser, fields, verifier } = await atLogin();
    const { posted, next } = await signIn(browser, fields, shared, PASSWORD);
    expect(posted.status).toBe(303);
    expect(next!.status).toBe(200);
    expect(heading(next!.html)).toBe('Choose a company');
    // Crane's account has another password: it is not offered, nor named.
    expect(choices(next!.html)).toEqual([
      { userId: '7', label: 'Acme Agency' },
      { userId: '8', label: 'Bolt Dental' },
    ]);
    expect(next!.html).not.toContain('Crane');

    const chosen = await browser.post('/login/oauth/choose', { ...hiddenFields(next!.html), user_id: '8' });
    expect(chosen.status).toBe(303);
    const consent = await browser.get(chosen.headers.get('location')!);
    const consentHtml = await consent.text();
    expect(heading(consentHtml)).toBe('Allow Chooser CRM to access your account?');
    await expect(consentAndRedeem(browser, consentHtml, verifier)).resolves.toMatchObject({ sub: '8', company_id: '43' });
  });

  it('signs straight in when the password opens one account of the email', async () => {
    const { browser, fields, verifier } = await atLogin();
    const { posted, next } = await signIn(browser, fields, shared, OTHER_PASSWORD);
    expect(posted.status).toBe(303);
    expect(heading(next!.html)).toBe('Allow Chooser CRM to access your account?');
    await expect(consentAndRedeem(browser, next!.html, verifier)).resolves.toMatchObject({ sub: '9', company_id: '44' });
  });

  it('answers a wrong password for a shared email exactly like one for an unknown email', async () => {
    const { browser, fields } = await atLogin();
    const page = async (email: string) => {
      const { posted } = await signIn(browser, fields, email, 'not the password');
      // The page differs only by the email echoed in its field and the CSP nonce drawn for it.
      const html = (await posted.text()).replace(email, 'EMAIL').replace(/nonce="[^"]*"/g, 'nonce="NONCE"');
      return { status: posted.status, retryAfter: posted.headers.get('retry-after'), html };
    };
    const known = await page(shared);
    expect(known.status).toBe(401);
    expect(known.html).toContain('The email or password is not correct.');
    await expect(page(`nobody-${stamp}@example.com`)).resolves.toEqual(known);
  });

  it('offers nothing to a browser that sent no password: the chooser form is refused without a pending choice of its session', async () => {
    const { browser, fields } = await atLogin();
    // The login form's CSRF token is not the chooser's.
    expect((await browser.post('/login/oauth/choose', { ...fields, user_id: '7' })).status).toBe(403);

    // A real choice in one browser is worthless in another: the token is bound to its session.
    const victim = await atLogin();
    const attacker = await atLogin();
    const { next } = await signIn(attacker.browser, attacker.fields, shared, PASSWORD);
    const forwarded = await victim.browser.post('/login/oauth/choose', { ...hiddenFields(next!.html), user_id: '7' });
    expect(forwarded.status).toBe(403);
    expect(forwarded.headers.get('content-type')).toContain('text/html');
  });

  it('refuses an account the password did not open, a choice made twice, and a choice after five minutes', async () => {
    const { browser, fields } = await atLogin();
    const { next } = await signIn(browser, fields, shared, PASSWORD);
    const form = hiddenFields(next!.html);
    // Crane's account (9) is not in this choice, whatever the form says.
    expect((await browser.post('/login/oauth/choose', { ...form, user_id: '9' })).status).toBe(403);

    const pending = browser.cookie;
    expect((await browser.post('/login/oauth/choose', { ...form, user_id: '7' })).status).toBe(303);
    // Replaying the same choice from a copy of the session taken before it: refused, for either account.
    for (const userId of ['7', '8']) {
      const replay = await fetch(`${base}/login/oauth/choose`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pending },
        body: new URLSearchParams({ ...form, user_id: userId }).toString(),
      });
      expect(replay.status).toBe(403);
    }

    const late = await atLogin();
    const waiting = await signIn(late.browser, late.fields, shared, PASSWORD);
    clock.advance(300_000);
    // Gone from the authorization page too: the login page again.
    const again = await late.browser.get(waiting.posted.headers.get('location')!);
    expect(heading(await again.text())).toBe('Sign in to continue to Chooser CRM');
    const expired = await late.browser.post('/login/oauth/choose', { ...hiddenFields(waiting.next!.html), user_id: '7' });
    expect(expired.status).toBe(403);
  });

  it('goes back to the login page when the user picks "Sign in with another account"', async () => {
    const { browser, fields } = await atLogin();
    const { next } = await signIn(browser, fields, shared, PASSWORD);
    const cancelled = await browser.post('/login/oauth/choose', { ...hiddenFields(next!.html), decision: 'cancel' });
    expect(cancelled.status).toBe(303);
    const page = await browser.get(cancelled.headers.get('location')!);
    expect(heading(await page.text())).toBe('Sign in to continue to Chooser CRM');
  });

  it('keeps a lock per account: knowing one company’s password neither resets nor spares another’s count', async () => {
    const tries = async (password: string, count = 1) => {
      const { browser, fields } = await atLogin();
      const answers: Response[] = [];
      for (let i = 0; i < count; i += 1) answers.push((await signIn(browser, fields, locked, password)).posted);
      return answers;
    };
    const statuses = (answers: Response[]) => answers.map((answer) => answer.status);
    expect(statuses(await tries('guess', 4))).toEqual([401, 401, 401, 401]);
    // The stranger knows Acme's password: it opens Acme's account (11), whose failures are forgotten…
    expect(statuses(await tries(PASSWORD))).toEqual([303]);
    // …while Bolt's (12) still has its four: the next guess is its fifth and locks it, the one after is refused.
    const [fifth, sixth] = await tries('guess', 2);
    expect([fifth!.status, sixth!.status]).toEqual([401, 429]);
    expect(sixth!.headers.get('retry-after')).toBe('1');
    expect(await sixth!.text()).toMatch(/temporarily locked after too many failed sign-in attempts\. Try again in 1 second\./);
    // Bolt's right password is not tried while Bolt is locked; it is once the lock ends.
    expect(statuses(await tries(OTHER_PASSWORD))).toEqual([429]);
    clock.advance(1_000);
    const { browser, fields } = await atLogin();
    const { posted, next } = await signIn(browser, fields, locked, OTHER_PASSWORD);
    expect(posted.status).toBe(303);
    expect(heading(next!.html)).toBe('Allow Chooser CRM to access your account?');
  });

  it('never locks an account because its person signs in to their other companies', async () => {
    for (let i = 0; i < 6; i += 1) {
      const { browser, fields } = await atLogin();
      const { next } = await signIn(browser, fields, shared, PASSWORD);
      expect(heading(next!.html)).toBe('Choose a company');
    }
    // Crane's account (9) was tried with Acme's and Bolt's password six times: no guess at it, no lock.
    const { browser, fields } = await atLogin();
    const { posted, next } = await signIn(browser, fields, shared, OTHER_PASSWORD);
    expect(posted.status).toBe(303);
    expect(heading(next!.html)).toBe('Allow Chooser CRM to access your account?');
  });
});
