import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { BootstrapOutput } from '@suite/contracts';
import { createTestDatabase, type TestDatabase } from '@suite/testing';

/**
 * `npm run -s admin -- seed-demo` as an operator runs it after `bootstrap`, with in-process events:
 * the bootstrap company gets its month of demo data, the texts' events leave messaging's outbox
 * before the CLI exits, and a second run is refused without adding a row.
 */
const root = path.resolve(__dirname, '..');
const run = promisify(execFile);

describe('admin CLI seed-demo', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let db: Client;
  let company: string;

  const admin = (...args: string[]) => run(process.execPath, ['dist/tools/admin/admin.js', ...args], { cwd: root, env });
  const count = async (sql: string) => Number(((await db.query(sql, [company])).rows[0] as { n: string }).n);

  beforeAll(async () => {
    database = await createTestDatabase('e2e_seed_demo');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'suite-seed-demo-'));
    env = {
      ...process.env,
      DATABASE_URL: database.url,
      SUITE_DATA_DIR: dataDir,
      AUTH_KEY_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      AUTH_SESSION_SECRET: randomBytes(32).toString('base64url'),
      PLATFORM_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    };
    delete env.KAFKA_BROKERS;
    company = (JSON.parse((await admin('bootstrap', '--json')).stdout) as BootstrapOutput).company_id;
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the bootstrap company a month of data, then refuses a second run', async () => {
    const { stdout } = await admin('seed-demo', '--json');
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(stdout) as {
      company_id: string;
      contacts: number;
      appointments: number;
      calls: { outbound: number; answered: number; inbound: number; web: number };
      texts: { delivered: number; sent: number; failed: number; events: number };
      ad_accounts: string[];
    };
    expect(result.company_id).toBe(company);
    expect(result.contacts).toBe(300);
    expect(result.calls.outbound).toBe(600);
    expect(result.calls.inbound + result.calls.web).toBe(150);
    expect(result.texts.events).toBe(900);
    expect(result.ad_accounts).toEqual([
      expect.stringMatching(/^facebook act_1234567890 /),
      expect.stringMatching(/^google 123-456-7890 /),
    ]);

    expect(await count('SELECT count(*) AS n FROM platform.contacts WHERE company_id = $1')).toBe(300);
    expect(await count('SELECT count(*) AS n FROM platform.appointments WHERE company_id = $1')).toBe(result.appointments);
    expect(await count('SELECT count(*) AS n FROM platform.agents WHERE company_id = $1')).toBe(2);
    expect(
      await count('SELECT count(*) AS n FROM platform.calls WHERE company_id = $1 AND agent_id IS NOT NULL'),
    ).toBeGreaterThan(150);
    expect(await count('SELECT count(*) AS n FROM platform.calls WHERE company_id = $1')).toBe(750);
    expect(await count(`SELECT count(*) AS n FROM messaging.messages WHERE company_id = $1 AND status = 'failed'`)).toBe(
      result.texts.failed,
    );
    // Every text's event was appended with it and published before the CLI exited.
    expect(
      await count(
        `SELECT count(*) AS n FROM messaging.outbox WHERE subject IN (SELECT id::text FROM messaging.messages WHERE company_id = $1)`,
      ),
    ).toBe(900);
    expect(await count(`SELECT count(*) AS n FROM messaging.outbox WHERE published_at IS NULL AND $1::text IS NOT NULL`)).toBe(0);
    // The platform's read model learnt them through messaging's events, before the CLI exited.
    expect(await count(`SELECT count(*) AS n FROM platform.sms_messages WHERE company_id = $1`)).toBe(900);
    expect(await count(`SELECT count(*) AS n FROM platform.sms_messages WHERE company_id = $1 AND status = 'failed'`)).toBe(
      result.texts.failed,
    );
    // Connected through the platform's service, their spend sync queued.
    expect(await count('SELECT count(*) AS n FROM platform.ad_accounts WHERE company_id = $1')).toBe(2);
    // No contact or call event: nothing for workflows or webhooks to react to.
    expect(
      await count(
        `SELECT count(*) AS n FROM platform.outbox
           WHERE (type LIKE 'crm_contact.%' OR type LIKE 'call.%' OR type LIKE 'appointment.%' OR type LIKE 'agent.%') AND $1::text IS NOT NULL`,
      ),
    ).toBe(0);

    const again = admin('seed-demo', '--company', company);
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already has demo data') });
    expect(await count('SELECT count(*) AS n FROM platform.contacts WHERE company_id = $1')).toBe(300);
  });

  it('says so when there is no such company', async () => {
    await expect(admin('seed-demo', '--company', '999999')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Company 999999 not found'),
    });
  });
});
