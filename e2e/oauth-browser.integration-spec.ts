import { createServer, type Server } from 'node:http';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE, type Permission } from '@suite/contracts';
import { hashPassword } from '@suite/passwords';
import { ensureChromium, pkceAuthorization } from '@suite/testing';
import { AuthTestApp } from '@suite/auth-app/testing';

/**
 * The authorization-code flow in a real browser: Debian's Chromium driven by playwright-core
 * (never a downloaded browser) against the auth app listening on 127.0.0.1. The user signs in
 * through the server-rendered login page, located by its labels, approves on the consent page,
 * and the browser lands on a small local HTTP server standing in for the client's redirect URI.
 */
const PASSWORD = 'correct horse battery staple';
const CLIENT_NAME = 'Browser Test CRM';
const SCOPES: Permission[] = ['view-users', 'view-teams'];

/** The page's document, as the functions passed to page.evaluate (run in the browser) see it. */
declare const document: { activeElement: { id: string; tagName: string; textContent: string | null } | null };

let suite: AuthTestApp;
let base: string;
let userEmail: string;
/** An agency's staff member: accounts in Acme (8) and Bolt (9) with PASSWORD, in Crane (10) with another. */
let sharedEmail: string;
let capture: Server;
let redirectUri: string;
let callbacks: URL[] = [];
let browser: Browser;
let context: BrowserContext;
let client: { client_id: string; client_secret: string };

beforeAll(async () => {
  const executablePath = await ensureChromium();

  // The client's redirect URI: records every request to the callback path (the browser also
  // asks this origin for /favicon.ico) and answers with a tiny page.
  capture = createServer((request, response) => {
    const url = new URL(request.url ?? '/', redirectUri);
    if (url.pathname === '/callback') callbacks.push(url);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Callback</title><h1>Signed in</h1></html>');
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  const address = capture.address();
  if (address === null || typeof address === 'string') throw new Error('capture server has no port');
  redirectUri = `http://127.0.0.1:${address.port}/callback`;

  suite = await AuthTestApp.start('oauth_browser');
  base = suite.base;
  userEmail = `grace-${Date.now()}@example.com`;
  sharedEmail = `agency-staff-${Date.now()}@example.com`;
  const [hash, otherHash] = [await hashPassword(PASSWORD), await hashPassword('another password entirely')];
  // Also waits for the login users (sign-in reads them), which the same user.created event feeds.
  await suite.seed(
    [
      { id: '42', parentCompanyId: null, name: 'Acme Agency' },
      { id: '43', parentCompanyId: '42', name: 'Bolt Dental' },
      { id: '44', parentCompanyId: '42', name: 'Crane Roofing' },
    ],
    [
      { id: '7', companyId: '42', permissions: SCOPES, email: userEmail, passwordHash: hash },
      { id: '8', companyId: '42', permissions: SCOPES, email: sharedEmail, passwordHash: hash },
      { id: '9', companyId: '43', permissions: SCOPES, email: sharedEmail, passwordHash: hash },
      { id: '10', companyId: '44', permissions: SCOPES, email: sharedEmail, passwordHash: otherHash },
    ],
  );

  const registered = await fetch(`${base}/internal/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': AuthTestApp.INTERNAL_TOKEN },
    body: JSON.stringify({ name: CLIENT_NAME, redirect_uri: redirectUri, confidential: true, company_id: '42' }),
  });
  expect(registered.status).toBe(201);
  client = (await registered.json()) as typeof client;

  // launch() gives Chromium a fresh temporary profile (user-data dir) and removes it at close.
  browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await suite?.stop();
  if (capture) await new Promise<void>((resolve) => capture.close(() => resolve()));
});

beforeEach(async () => {
  callbacks = [];
  context = await browser.newContext();
});

afterEach(async () => {
  await context?.close();
});

const authorizationRequest = () => pkceAuthorization(base, { clientId: client.client_id, redirectUri, scope: SCOPES.join(' ') });

interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  scope: string;
  expires_in: number;
}

/** The client's code exchange (client_secret_basic, PKCE verifier); expects 200. */
async function exchange(code: string, verifier: string): Promise<Tokens> {
  const exchanged = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  expect(exchanged.status).toBe(200);
  return (await exchanged.json()) as Tokens;
}

async function openLogin(url: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(CLIENT_NAME);
  return page;
}

/** Fills the login form by its labels and submits it; resolves on the authorization endpoint's next page. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([
    page.waitForURL((target) => target.pathname === '/login/oauth/authorize'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}

/** Allows on the consent page; resolves once the browser is at the client's redirect URI. */
async function allow(page: Page): Promise<void> {
  await Promise.all([
    page.waitForURL((target) => target.toString().startsWith(redirectUri)),
    page.getByRole('button', { name: 'Allow' }).click(),
  ]);
}

describe('authorization code flow in Chromium', () => {
  it('signs in by the labelled fields, shows the consent page, redirects with code and state, and the code buys a valid JWT', async () => {
    const { verifier, state, url } = authorizationRequest();
    const page = await openLogin(url);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await signIn(page, userEmail, PASSWORD);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Allow ${CLIENT_NAME} to access your account?`,
    );
    const scopeItems = await page.getByRole('list').getByRole('listitem').allTextContents();
    expect([...scopeItems].sort()).toEqual(['View teams', 'View users']);

    await allow(page);
    expect(callbacks).toHaveLength(1);
    const callback = callbacks[0]!;
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(base);
    const code = callback.searchParams.get('code');
    expect(code).toEqual(expect.any(String));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Signed in');

    const tokens = await exchange(code!, verifier);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 600, refresh_token: expect.any(String) });
    expect(tokens.scope.split(' ').sort()).toEqual([...SCOPES].sort());

    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      issuer: base,
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
    });
    expect(payload).toMatchObject({ sub: '7', company_id: '42', client_id: client.client_id, scope: tokens.scope });
  });

  it('shows a wrong password as an error tied to the fields, and keeps the focus order email → password → submit', async () => {
    const { url } = authorizationRequest();
    const page = await openLogin(url);

    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await email.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent}`)).toBe(
      'BUTTON:Sign in',
    );

    await email.fill(userEmail);
    await password.fill('not the password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}/login/oauth/login`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(response.status()).toBe(401);
    await page.waitForLoadState();

    const alert = page.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe('The email or password is not correct.');
    const errorId = await alert.getAttribute('id');
    expect(errorId).toBeTruthy();
    for (const field of [page.getByLabel('Email'), page.getByLabel('Password')]) {
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toBe(errorId);
    }
    // The email is kept, the password is not, and the user is still on the login page.
    expect(await page.getByLabel('Email').inputValue()).toBe(userEmail);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(callbacks).toHaveLength(0);
  });
});

describe('company chooser in Chromium (decision 0037)', () => {
  it('asks which company after the password, lists only the accounts it opened, and the choice gets that user’s token', async () => {
    const { verifier, state, url } = authorizationRequest();
    const page = await openLogin(url);
    await signIn(page, sharedEmail, PASSWORD);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Choose a company');
    // One button per company the password opened, in a list named by the question; Crane is not offered.
    const list = page.getByRole('list', { name: /Which one do you want to use with Browser Test CRM\?/ });
    await expect(list.getByRole('button').allTextContents()).resolves.toEqual(['Acme Agency', 'Bolt Dental']);
    await expect(page.content()).resolves.not.toContain('Crane');
    // The keyboard reaches the companies in order, then the way out.
    await list.getByRole('button', { name: 'Acme Agency' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bolt Dental');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in with another account');

    await Promise.all([
      page.waitForURL((target) => target.pathname === '/login/oauth/authorize'),
      list.getByRole('button', { name: 'Bolt Dental' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Allow ${CLIENT_NAME} to access your account?`,
    );
    await allow(page);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.searchParams.get('state')).toBe(state);

    const tokens = await exchange(callbacks[0]!.searchParams.get('code')!, verifier);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: '9', company_id: '43' });
  });

  it('signs straight in when the password opens one of the email’s accounts', async () => {
    const { verifier, url } = authorizationRequest();
    const page = await openLogin(url);
    await signIn(page, sharedEmail, 'another password entirely');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Allow ${CLIENT_NAME} to access your account?`,
    );
    await allow(page);
    const tokens = await exchange(callbacks[0]!.searchParams.get('code')!, verifier);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: '10', company_id: '44' });
  });

  it('answers a wrong password for the shared email as for any wrong password, on the login page', async () => {
    const page = await openLogin(authorizationRequest().url);
    await page.getByLabel('Email').fill(sharedEmail);
    await page.getByLabel('Password').fill('not the password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}/login/oauth/login`),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(response.status()).toBe(401);
    await page.waitForLoadState();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email or password is not correct.');
    await expect(page.content()).resolves.not.toMatch(/Acme|Bolt|Crane|Choose a company/);
  });
});
