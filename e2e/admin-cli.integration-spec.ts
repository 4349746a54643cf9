import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { LoginUsersService, createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { OpaqueCredentialVerifier } from '@suite/authz';
import type { BootstrapOutput } from '@suite/contracts';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { createTestDatabase, type TestDatabase } from '@suite/testing';

/**
 * The compiled admin CLI, as an operator or a test script runs it: `bootstrap --json` on a fresh
 * database with in-process events prints one JSON object, and every credential in it works
 * against the apps booted afterwards on that database — which proves the CLI went through the
 * apps' code and that its events reached every replica before it exited.
 */
const root = path.resolve(__dirname, '..');
const run = promisify(execFile);

describe('admin CLI (npm run -s admin)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let output: BootstrapOutput;
  let apps: { platform: INestApplication; auth: INestApplication; messaging: INestApplication } | undefined;

  const admin = (...args: string[]) => run(process.execPath, ['dist/tools/admin/admin.js', ...args], { cwd: root, env });

  beforeAll(async () => {
    database = await createTestDatabase('e2e_admin_cli');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'suite-admin-'));
    env = {
      ...process.env,
      DATABASE_URL: database.url,
      // No .data of the repository leaks in: the CLI reads secrets from here only when present.
      SUITE_DATA_DIR: dataDir,
      AUTH_KEY_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      AUTH_SESSION_SECRET: randomBytes(32).toString('base64url'),
      PLATFORM_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    };
    delete env.KAFKA_BROKERS;

    const { stdout } = await admin('bootstrap', '--json');
    // stdout is the answer and nothing else: one line, one JSON object.
    expect(stdout.trim().split('\n')).toHaveLength(1);
    output = JSON.parse(stdout) as BootstrapOutput;
  });

  afterAll(async () => {
    await apps?.messaging.close();
    await apps?.auth.close();
    await apps?.platform.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('bootstrap --json prints the company, the admin and their credentials', () => {
    expect(output).toEqual({
      company_id: expect.stringMatching(/^[1-9][0-9]*$/),
      user: {
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        email: 'admin@example.com',
        password: expect.stringMatching(/^.{16,}$/),
      },
      oauth_client: {
        client_id: expect.stringMatching(/^suite_client_/),
        client_secret: expect.stringMatching(/^suite_cs_/),
        redirect_uri: 'http://127.0.0.1:8765/callback',
      },
      personal_access_token: expect.stringMatching(/^suite_pat_[0-9A-Za-z]{36}$/),
      api_key: expect.stringMatching(/^suite_key_[0-9A-Za-z]{36}$/),
      sender_number: '+14155550100',
    });
  });

  describe('the credentials work against the apps', () => {
    beforeAll(async () => {
      // The scheduler stays off: the send below checks the queued message before any release.
      const appEnv = { ...env, KAFKA_BROKERS: '', LOG_LEVEL: 'warn', PORT: '0', MESSAGING_SCHEDULER_ENABLED: 'false' };
      const platform = await createPlatformApp(loadPlatformEnvironment(appEnv));
      const auth = await createAuthApp(loadAuthEnvironment(appEnv));
      const messaging = await createMessagingApp(loadMessagingEnvironment(appEnv));
      apps = { platform, auth, messaging };
      for (const app of [platform, auth, messaging]) await app.init();
    });

    it('the personal access token lists the users on the platform', async () => {
      const response = await request(apps!.platform.getHttpServer())
        .get('/api/users')
        .set('authorization', `Bearer ${output.personal_access_token}`)
        .expect(200);
      expect(response.body.data).toEqual([
        expect.objectContaining({ id: Number(output.user.id), email: output.user.email, company_id: Number(output.company_id) }),
      ]);
    });

    it('the API key is in the messaging app’s credential replica', async () => {
      await expect(apps!.messaging.get(OpaqueCredentialVerifier).verify(output.api_key, 'api_key')).resolves.toMatchObject({
        via: 'api_key',
        companyId: output.company_id,
        userId: null,
      });
    });

    it('the API key sends a message at once, from the bootstrap sender number', async () => {
      const sent = await request(apps!.messaging.getHttpServer())
        .post('/v1/messages')
        .set('x-api-key', output.api_key)
        .send({ to: '2125550123', message: 'Hello from the bootstrap' })
        .expect(200);
      expect(sent.body).toEqual({ id: expect.any(String), status: 'queued', to: '+12125550123' });
      const message = await request(apps!.messaging.getHttpServer())
        .get(`/v1/messages/${sent.body.id}`)
        .set('x-api-key', output.api_key)
        .expect(200);
      expect(message.body).toMatchObject({ from_number: output.sender_number, status: 'queued' });
    });

    it('the OAuth client exists and its secret authenticates it (a bogus code is invalid_grant, not invalid_client)', async () => {
      const token = (secret: string) =>
        request(apps!.auth.getHttpServer()).post('/oauth/token').type('form').send({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: output.oauth_client.redirect_uri,
          client_id: output.oauth_client.client_id,
          client_secret: secret,
        });
      const bogusCode = await token(output.oauth_client.client_secret);
      expect(bogusCode.status).toBe(400);
      expect(bogusCode.body.error).toBe('invalid_grant');
      const wrongSecret = await token(`${output.oauth_client.client_secret}x`);
      expect(wrongSecret.body.error).toBe('invalid_client');
    });

    it('the admin logs in with the printed password (auth got the hash from user.created)', async () => {
      const logins = apps!.auth.get(LoginUsersService);
      await expect(logins.verify(output.user.email, output.user.password)).resolves.toEqual([
        { userId: output.user.id, companyId: output.company_id },
      ]);
      await expect(logins.verify(output.user.email, 'wrong password')).resolves.toEqual([]);
    });
  });

  it('creates agencies, child companies and users; an email is unique in its company only (decision 0037)', async () => {
    const agency = JSON.parse((await admin('create-agency', '--name', 'Agency One', '--json')).stdout);
    expect(agency).toEqual({ id: expect.any(String), name: 'Agency One', parent_company_id: null });
    const child = JSON.parse((await admin('create-company', '--name', 'Child One', '--parent', agency.id, '--json')).stdout);
    expect(child).toMatchObject({ name: 'Child One', parent_company_id: agency.id });
    const user = JSON.parse(
      (await admin('create-user', '--company', child.id, '--email', 'ops@child.example', '--name', 'Ops', '--admin', '--json'))
        .stdout,
    );
    expect(user).toMatchObject({ company_id: child.id, email: 'ops@child.example', password: expect.any(String) });
    // The same person in the agency too; twice in one company is refused.
    const sameInAgency = JSON.parse(
      (await admin('create-user', '--company', agency.id, '--email', 'OPS@child.example', '--name', 'Ops', '--admin', '--json'))
        .stdout,
    );
    expect(sameInAgency).toMatchObject({ company_id: agency.id, email: 'OPS@child.example' });
    expect(sameInAgency.id).not.toBe(user.id);
    await expect(
      admin('create-user', '--company', child.id, '--email', 'ops@CHILD.example', '--name', 'Ops', '--admin'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('The email has already been taken.') });

    const again = JSON.parse((await admin('bootstrap', '--json')).stdout) as BootstrapOutput;
    expect(again.company_id).not.toBe(output.company_id);
    expect(again.sender_number).toBe('+14155550101');

    const added = JSON.parse(
      (await admin('add-sender-number', '--company', child.id, '--number', '415-555-0150', '--json')).stdout,
    );
    expect(added).toMatchObject({ number: '+14155550150', company_id: child.id, status: 'active' });
    const listed = JSON.parse((await admin('list-sender-numbers', '--company', child.id, '--json')).stdout);
    expect(listed.sender_numbers).toEqual([expect.objectContaining({ number: '+14155550150' })]);
    await expect(admin('add-sender-number', '--company', agency.id, '--number', '+14155550150')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('another workspace'),
    });
    // Every bootstrap's admin is admin@example.com, in its own company, with its own password.
    expect(again.user).toMatchObject({ email: 'admin@example.com' });
    expect(again.user.id).not.toBe(output.user.id);
    const logins = apps!.auth.get(LoginUsersService);
    await expect(logins.verify('admin@example.com', again.user.password)).resolves.toEqual([
      { userId: again.user.id, companyId: again.company_id },
    ]);

    await expect(admin('create-company', '--name', 'Grandchild', '--parent', child.id)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A child company cannot own companies.'),
    });
    await expect(admin('create-user', '--company', child.id, '--email', 'x@y.example', '--name', 'X')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs --role <id> or --admin'),
    });
  });
});
