import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { FULL_ACCESS_SCOPE, PERMISSIONS, type BootstrapOutput } from '@suite/contracts';
import { ApiKeysService, LoginUsersService, OAuthClientsService, PersonalAccessTokensService } from '@suite/auth-app';
import { CompanyReplicaEntity } from '@suite/authz';
import {
  mapSenderNumber,
  normalizePhone,
  SenderNumbersService,
  type SenderNumberResponse,
  type SenderProvider,
} from '@suite/messaging-app';
import { CompaniesService, CompanyEntity, RolesService, UsersService } from '@suite/platform-app';
import { AppError } from '@suite/http';

/**
 * What the admin CLI and `npm start`'s first-run bootstrap do, always through the owning app's
 * code: companies, roles and users through the platform's services (each write commits with its
 * event), OAuth clients, personal access tokens and API keys through auth's. The password reaches
 * auth only as the argon2id hash inside `user.created`; nothing here writes another app's tables.
 */
export interface AdminApps {
  platform: INestApplication;
  auth: INestApplication;
  messaging: INestApplication;
}

export const BOOTSTRAP_REDIRECT_URI = 'http://127.0.0.1:8765/callback';
export const ADMIN_ROLE_NAME = 'Admin';
/** How long to wait for auth to learn about a new user (the `user.created` event's trip). */
export const DEFAULT_USER_WAIT_MS = 30_000;
/** Bootstrap's sender number is the first free one of +1 415 555 0100 … 0199 (fictional numbers). */
const BOOTSTRAP_SENDER_NUMBERS = Array.from({ length: 100 }, (_, i) => `+141555501${String(i).padStart(2, '0')}`);

export interface CompanyOutput {
  id: string;
  name: string;
  parent_company_id: string | null;
}

export interface UserOutput {
  id: string;
  company_id: string;
  email: string;
  name: string;
  role_id: string;
  /** Only when the CLI generated or was given it: shown once. */
  password: string;
}

const companyOutput = (company: CompanyEntity): CompanyOutput => ({
  id: company.id,
  name: company.name,
  parent_company_id: company.parentCompanyId,
});

/** 24 random bytes, base64url: 32 characters, no ambiguity when copied from a terminal. */
export const generatePassword = (): string => randomBytes(24).toString('base64url');

export async function createCompany(apps: AdminApps, input: { name: string; parentCompanyId?: string }): Promise<CompanyOutput> {
  return companyOutput(await apps.platform.get(CompaniesService).create(input));
}

/** True when the platform holds no company yet (read through the platform's own connection). */
export async function platformIsEmpty(apps: Pick<AdminApps, 'platform'>): Promise<boolean> {
  return !(await apps.platform.get(DataSource).getRepository(CompanyEntity).exists());
}

/** The company's role named Admin that grants every permission; created when there is none. */
export async function adminRoleOf(apps: AdminApps, companyId: string): Promise<string> {
  const roles = apps.platform.get(RolesService);
  await apps.platform.get(CompaniesService).get(companyId); // unknown company: a clear "Company not found."
  const existing = (await roles.list(companyId)).find(
    ({ role }) => role.name === ADMIN_ROLE_NAME && PERMISSIONS.every((permission) => role.permissions.includes(permission)),
  );
  if (existing) return existing.role.id;
  return (await roles.create(companyId, { name: ADMIN_ROLE_NAME, permissions: [...PERMISSIONS] })).id;
}

export async function createUser(
  apps: AdminApps,
  input: { companyId: string; email: string; name: string; password?: string; roleId?: string; admin?: boolean },
): Promise<UserOutput> {
  const roleId = input.admin ? await adminRoleOf(apps, input.companyId) : input.roleId;
  if (!roleId) throw new Error('create-user needs --role <id> or --admin');
  const password = input.password ?? generatePassword();
  const user = await apps.platform
    .get(UsersService)
    .create(input.companyId, { name: input.name, email: input.email, password, roleId });
  return { id: user.id, company_id: user.companyId, email: user.email, name: user.name, role_id: user.roleId, password };
}

/** Polls `ready` with backoff until it holds, or throws `timeoutMessage` after `timeoutMs`. */
async function waitFor(ready: () => Promise<boolean>, timeoutMs: number, timeoutMessage: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    if (await ready()) return;
    if (Date.now() + delay > deadline) throw new Error(timeoutMessage);
    await sleep(delay);
  }
}

/**
 * Waits until auth's login replica (fed by `user.created`) knows the user and sees it active:
 * in-process, through Kafka or through another process's relay, the event takes a moment.
 */
export async function waitForAuthUser(apps: AdminApps, userId: string, timeoutMs = DEFAULT_USER_WAIT_MS): Promise<void> {
  const logins = apps.auth.get(LoginUsersService);
  await waitFor(
    () => logins.isActive(userId),
    timeoutMs,
    `auth did not learn about user ${userId} within ${Math.round(timeoutMs / 1000)} s: the platform's user.created ` +
      'event has not reached auth. Is the platform relay running (it is when this CLI runs alone or next to npm start) ' +
      'and, with KAFKA_BROKERS, are Kafka and the auth app up? The user exists on the platform; retry later.',
  );
}

/** Waits until messaging's company replica (fed by `company.created`) knows the company. */
export async function waitForMessagingCompany(
  apps: AdminApps,
  companyId: string,
  timeoutMs = DEFAULT_USER_WAIT_MS,
): Promise<void> {
  const replica = apps.messaging.get(DataSource).getRepository(CompanyReplicaEntity);
  const known = await apps.platform.get(DataSource).getRepository(CompanyEntity).existsBy({ id: companyId });
  if (!known) throw new AppError('not_found', `Company ${companyId} not found.`);
  await waitFor(
    () => replica.existsBy({ id: companyId }),
    timeoutMs,
    `messaging did not learn about company ${companyId} within ${Math.round(timeoutMs / 1000)} s: the platform's company.created ` +
      'event has not reached it. Is the platform relay running and, with KAFKA_BROKERS, is Kafka up? Retry later.',
  );
}

/** Adds a number to a workspace's sender pool (through messaging's own service), once messaging knows the company. */
export async function addSenderNumber(
  apps: AdminApps,
  companyId: string,
  number: string,
  { provider, timeoutMs }: { provider?: SenderProvider; timeoutMs?: number } = {},
): Promise<SenderNumberResponse> {
  const e164 = normalizePhone(number);
  if (!e164)
    throw new AppError('invalid', `"${number}" is not a valid phone number: use E.164 (+14155550123) or a 10-digit US number.`);
  const numbers = apps.messaging.get(SenderNumbersService);
  // Refused before waiting for the company: a provider the carrier does not send from is the operator's mistake, not a race.
  const kind = numbers.providerFor(provider);
  await waitForMessagingCompany(apps, companyId, timeoutMs);
  return mapSenderNumber(await numbers.add(companyId, e164, kind));
}

export async function listSenderNumbers(apps: AdminApps, companyId: string, timeoutMs?: number): Promise<SenderNumberResponse[]> {
  await waitForMessagingCompany(apps, companyId, timeoutMs);
  return (await apps.messaging.get(SenderNumbersService).list(companyId)).map(mapSenderNumber);
}

/** The first number of BOOTSTRAP_SENDER_NUMBERS no other workspace holds. */
async function addBootstrapSenderNumber(apps: AdminApps, companyId: string, timeoutMs?: number): Promise<string> {
  for (const candidate of BOOTSTRAP_SENDER_NUMBERS) {
    try {
      // With sendblue+twilio (no default kind) the bootstrap number is an SMS number: Twilio's.
      const provider = apps.messaging.get(SenderNumbersService).providerFor(undefined, 'twilio');
      return (await addSenderNumber(apps, companyId, candidate, { provider, timeoutMs })).number;
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
    }
  }
  throw new Error('every bootstrap sender number (+1 415 555 0100-0199) is taken; add one with add-sender-number');
}

/**
 * A company with an admin user (every permission), a confidential OAuth client redirecting to
 * BOOTSTRAP_REDIRECT_URI, a full-access personal access token of that user, a workspace API
 * key and a sender number in its messaging pool. The admin's email is `admin@example.com` unless given: an email is unique
 * in its company only (decision 0037), so every bootstrap's admin may have it; each has its own password, which signs in
 * to that company's admin.
 */
export async function bootstrap(
  apps: AdminApps,
  options: { companyName?: string; email?: string; password?: string; userWaitMs?: number } = {},
): Promise<BootstrapOutput> {
  const company = await createCompany(apps, { name: options.companyName ?? 'Admin Company' });
  const password = options.password ?? generatePassword();
  const user = await createUser(apps, {
    companyId: company.id,
    email: options.email ?? 'admin@example.com',
    name: 'Admin',
    password,
    admin: true,
  });

  const { client, secret } = await apps.auth.get(OAuthClientsService).create({
    name: 'Admin CLI client',
    redirectUri: BOOTSTRAP_REDIRECT_URI,
    confidential: true,
    companyId: company.id,
  });
  if (!secret) throw new Error('a confidential OAuth client was created without a secret');

  // auth issues a token only for a user it knows: wait for the user.created event to arrive.
  await waitForAuthUser(apps, user.id, options.userWaitMs);
  const token = await apps.auth
    .get(PersonalAccessTokensService)
    .create({ userId: user.id, companyId: company.id }, { name: 'bootstrap', scopes: [FULL_ACCESS_SCOPE], expiresAt: null });
  const key = await apps.auth.get(ApiKeysService).create(
    {
      via: 'personal_access_token',
      companyId: company.id,
      userId: user.id,
      scopes: [FULL_ACCESS_SCOPE],
      credentialId: token.token.id,
    },
    { name: 'bootstrap' },
  );
  const senderNumber = await addBootstrapSenderNumber(apps, company.id, options.userWaitMs);

  return {
    company_id: company.id,
    user: { id: user.id, email: user.email, password },
    oauth_client: { client_id: client.clientId, client_secret: secret, redirect_uri: client.redirectUri },
    personal_access_token: token.value,
    api_key: key.value,
    sender_number: senderNumber,
  };
}

/** Human-readable form of the bootstrap credentials (npm start prints it; the CLI without --json too). */
export function describeBootstrap(result: BootstrapOutput, urls: { auth: string; platform: string; messaging: string }): string {
  return [
    'Bootstrap credentials (shown once; keep them somewhere safe):',
    `  company id             ${result.company_id}`,
    `  admin user             ${result.user.email}  password ${result.user.password}  (id ${result.user.id})`,
    `  personal access token  ${result.personal_access_token}   (scope *)`,
    `  workspace API key      ${result.api_key}`,
    `  sender number          ${result.sender_number}   (the workspace's messaging pool)`,
    `  OAuth client           ${result.oauth_client.client_id}  secret ${result.oauth_client.client_secret}`,
    `                         redirect URI ${result.oauth_client.redirect_uri}`,
    '',
    `  try:     curl -H "Authorization: Bearer ${result.personal_access_token}" ${urls.platform}/api/users`,
    `  send:    curl -H "x-api-key: ${result.api_key}" -H 'content-type: application/json' ` +
      `-d '{"to":"+12125550123","message":"Hello"}' ${urls.messaging}/v1/messages`,
    `  consent: ${authorizeUrl(urls.auth, result.oauth_client)}`,
    '           (log in as the admin user; then exchange the code at /oauth/token — see README "First steps")',
  ].join('\n');
}

/** An authorization request for the bootstrap client (confidential, so PKCE is optional here). */
export function authorizeUrl(authBase: string, client: { client_id: string; redirect_uri: string }): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uri,
    scope: '*',
    state: 'first-steps',
  });
  return `${authBase}/login/oauth/authorize?${query.toString()}`;
}
