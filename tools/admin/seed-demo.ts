import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_ROLE_NAME, waitForMessagingCompany, type AdminApps } from './admin-operations';
import { planDemoData, type DemoPlan } from './demo-data-plan';
import { MessageEntity, MessageEventsWriter, SenderNumbersService } from '@suite/messaging-app';
import { AdAccountsService, CompanyEntity } from '@suite/platform-app';
import { AppError } from '@suite/http';

/** Every demo contact carries this tag: how a second run knows the company has demo data already. */
export const DEMO_TAG = 'demo';
/** The calls' provider and the prefix of their call ids (never a real provider's). */
const DEMO_PROVIDER = 'demo';

export interface SeedDemoResult {
  company_id: string;
  time_zone: string;
  from: string;
  to: string;
  contacts: number;
  appointments: number;
  agents: number;
  calls: { outbound: number; answered: number; inbound: number; web: number };
  texts: { delivered: number; sent: number; failed: number; events: number };
  ad_accounts: string[];
}

/**
 * `seed-demo`: a company's realistic last month (demo-data-plan.ts), for a demo of the dashboard
 * and the call-history export.
 *
 * Backdated rows go straight into the platform's tables with explicit timestamps, in one
 * transaction: contacts, appointments, agents and calls emit no crm_contact / call / appointment
 * events, so no workflow runs and no webhook fires for them (they are history, not news). The texts
 * are messaging's: they are inserted into messaging's own table together with one outbox event each
 * (`message.sent` / `.delivered` / `.failed`, the payload messaging's mapper builds) in messaging's
 * transaction, so the platform's read model learns them the normal way — through this process's
 * relay when the CLI runs alone, through `npm start`'s when it runs.
 *
 * A company that already has demo contacts is refused (nothing is doubled).
 */
export async function seedDemo(apps: AdminApps, options: { companyId?: string; now?: Date }): Promise<SeedDemoResult> {
  const platform = apps.platform.get(DataSource);
  const companyId = options.companyId ?? (await firstAdminCompany(platform));
  const company = await platform.getRepository(CompanyEntity).findOneBy({ id: companyId });
  if (!company) throw new AppError('not_found', `Company ${companyId} not found.`);
  const now = options.now ?? new Date();
  const plan = planDemoData({ now, timeZone: company.timezone, companyId });

  const senderNumber = await workspaceNumber(apps, companyId);

  const contactIds = await platform.transaction(async (manager) => {
    // Serialises two concurrent seed-demo runs on the company; the second sees the first's tag.
    await manager.query('SELECT id FROM platform.companies WHERE id = $1 FOR UPDATE', [companyId]);
    const [{ seeded }] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM platform.contacts WHERE company_id = $1 AND $2 = ANY(tags)) AS seeded`,
      [companyId, DEMO_TAG],
    )) as [{ seeded: boolean }];
    if (seeded)
      throw new AppError(
        'conflict',
        `Company ${companyId} already has demo data (contacts tagged "${DEMO_TAG}"); seed-demo adds it only once.`,
      );
    return insertPlatformRows(manager, companyId, plan, senderNumber ?? '+14155550100');
  });
  const events = await insertTexts(apps, companyId, plan, contactIds.phones, senderNumber);
  const adAccounts = await connectAdAccounts(apps, companyId);

  const count = <T>(rows: readonly T[], test: (row: T) => boolean) => rows.filter(test).length;
  return {
    company_id: companyId,
    time_zone: company.timezone,
    from: plan.contacts[0]!.createdAt.toISOString(),
    to: now.toISOString(),
    contacts: plan.contacts.length,
    appointments: plan.appointments.length,
    agents: plan.agents.length,
    calls: {
      outbound: count(plan.calls, (c) => c.direction === 'outbound'),
      answered: count(plan.calls, (c) => c.direction === 'outbound' && c.answeredAt !== null),
      inbound: count(plan.calls, (c) => c.direction === 'inbound'),
      web: count(plan.calls, (c) => c.direction === 'web'),
    },
    texts: {
      delivered: count(plan.texts, (t) => t.status === 'delivered'),
      sent: count(plan.texts, (t) => t.status === 'sent'),
      failed: count(plan.texts, (t) => t.status === 'failed'),
      events,
    },
    ad_accounts: adAccounts,
  };
}

/** The company bootstrap made: the first one with a user whose role is the Admin role. */
async function firstAdminCompany(platform: DataSource): Promise<string> {
  const rows = (await platform.query(
    `SELECT u.company_id FROM platform.users u JOIN platform.roles r ON r.id = u.role_id
      WHERE r.name = $1 AND u.deleted_at IS NULL ORDER BY u.company_id LIMIT 1`,
    [ADMIN_ROLE_NAME],
  )) as Array<{ company_id: string }>;
  if (rows.length === 0)
    throw new AppError(
      'not_found',
      'No company has an admin user yet: run `npm run -s admin -- bootstrap` first, or pass --company <id>.',
    );
  return rows[0]!.company_id;
}

/** Rows as one jsonb parameter, expanded by jsonb_to_recordset: one statement per table, whatever the count. */
const asJson = (rows: readonly object[]): string => JSON.stringify(rows);

async function insertPlatformRows(
  manager: EntityManager,
  companyId: string,
  plan: DemoPlan,
  companyNumber: string,
): Promise<{ contacts: string[]; phones: string[] }> {
  const contactRows = (await manager.query(
    `INSERT INTO platform.contacts (company_id, first_name, last_name, phone, email, source, tags, created_at, updated_at)
     SELECT $1, r.first_name, r.last_name, r.phone, r.email, r.source, ARRAY[$3]::text[], r.created_at, r.created_at
       FROM jsonb_to_recordset($2::jsonb)
         AS r(first_name text, last_name text, phone text, email text, source text, created_at timestamptz, n int)
      ORDER BY n
     RETURNING id`,
    [
      companyId,
      asJson(
        plan.contacts.map((c, n) => ({
          first_name: c.firstName,
          last_name: c.lastName,
          phone: c.phone,
          email: c.email,
          source: c.source,
          created_at: c.createdAt,
          n,
        })),
      ),
      DEMO_TAG,
    ],
  )) as Array<{ id: string }>;
  // INSERT … SELECT … ORDER BY assigns identities in that order, so ids[i] is contacts[i]'s.
  const contacts = contactRows.map((row) => row.id).sort((a, b) => Number(BigInt(a) - BigInt(b)));

  await manager.query(
    `INSERT INTO platform.appointments (company_id, contact_id, title, starts_at, ends_at, status, created_at, updated_at)
     SELECT $1, r.contact_id, r.title, r.starts_at, r.ends_at, 'scheduled', r.created_at, r.created_at
       FROM jsonb_to_recordset($2::jsonb) AS r(contact_id bigint, title text, starts_at timestamptz, ends_at timestamptz, created_at timestamptz)`,
    [
      companyId,
      asJson(
        plan.appointments.map((a) => ({
          contact_id: contacts[a.contact],
          title: a.title,
          starts_at: a.startsAt,
          ends_at: a.endsAt,
          created_at: a.createdAt,
        })),
      ),
    ],
  );

  const monthAgo = plan.contacts[0]!.createdAt;
  const agentRows = (await manager.query(
    `INSERT INTO platform.agents (company_id, name, voice, prompt, active, status, created_at, updated_at)
     SELECT $1, r.name, r.voice, r.prompt, true, 'online', $3, $3
       FROM jsonb_to_recordset($2::jsonb) AS r(name text, voice text, prompt text, n int)
      ORDER BY n
     RETURNING id`,
    [companyId, asJson(plan.agents.map((a, n) => ({ ...a, n }))), monthAgo],
  )) as Array<{ id: string }>;
  const agents = agentRows.map((row) => row.id).sort((a, b) => Number(BigInt(a) - BigInt(b)));

  await manager.query(
    `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, agent_id, contact_id,
                                 status, duration_seconds, transcription, sentiment, call_successful, hangup_reason,
                                 started_at, answered_at, ended_at, created_at, updated_at)
     SELECT $1::bigint, $3::text, $3::text || '-' || $1::text || '-' || r.n, r.direction, r.caller, r.called, r.agent_id, r.contact_id,
            r.status, r.duration_seconds, r.transcription, r.sentiment, r.call_successful, r.hangup_reason,
            r.started_at, r.answered_at, r.ended_at, r.started_at, r.ended_at
       FROM jsonb_to_recordset($2::jsonb) AS r(n int, direction text, caller text, called text, agent_id bigint, contact_id bigint,
            status text, duration_seconds int, transcription text, sentiment text, call_successful boolean, hangup_reason text,
            started_at timestamptz, answered_at timestamptz, ended_at timestamptz)`,
    [
      companyId,
      asJson(
        plan.calls.map((c, n) => {
          const phone = plan.contacts[c.contact]!.phone;
          const outbound = c.direction === 'outbound';
          return {
            n,
            direction: c.direction,
            caller: outbound ? companyNumber : phone,
            called: outbound ? phone : companyNumber,
            agent_id: c.agent === null ? null : agents[c.agent],
            contact_id: contacts[c.contact],
            status: c.status,
            duration_seconds: c.durationSeconds,
            transcription: c.transcription,
            sentiment: c.sentiment,
            call_successful: c.callSuccessful,
            hangup_reason: c.hangupReason,
            started_at: c.startedAt,
            answered_at: c.answeredAt,
            ended_at: c.endedAt,
          };
        }),
      ),
      DEMO_PROVIDER,
    ],
  );
  return { contacts, phones: plan.contacts.map((c) => c.phone) };
}

/**
 * The texts, in messaging's table, each with its event in messaging's outbox (the same
 * transaction, through messaging's own writer and mapper), in chunks so no statement grows large.
 */
async function insertTexts(
  apps: AdminApps,
  companyId: string,
  plan: DemoPlan,
  phones: readonly string[],
  fromNumber: string | null,
): Promise<number> {
  const messaging = apps.messaging.get(DataSource);
  const writer = apps.messaging.get(MessageEventsWriter);
  const rows = plan.texts.map((text): MessageEntity => {
    const row = messaging.getRepository(MessageEntity).create({
      id: randomUUID(),
      companyId,
      direction: 'outbound',
      channel: 'sms',
      body: text.body,
      status: text.status,
      fromNumber,
      contactPhone: phones[text.contact]!,
      sender: 'human',
      attachments: [],
      effect: null,
      bypassWindow: false,
      bypassOptOut: false,
      releaseAfter: text.createdAt,
      claimedAt: null,
      handedOverAt: text.sentAt ?? text.createdAt,
      sendAttempts: 1,
      carrierMessageId: null,
      carrierTs: text.deliveredAt ?? text.sentAt,
      failureReason: text.failureReason,
      sentAt: text.sentAt,
      deliveredAt: text.deliveredAt,
      createdAt: text.createdAt,
      updatedAt: text.deliveredAt ?? text.sentAt ?? text.createdAt,
    });
    return row;
  });
  let events = 0;
  for (let start = 0; start < rows.length; start += 300) {
    const chunk = rows.slice(start, start + 300);
    events += await messaging.transaction(async (manager) => {
      await manager.insert(MessageEntity, chunk);
      return writer.appendForAll(manager, chunk);
    });
  }
  return events;
}

/** The sandbox ad platform's demo accounts (docs/ad-accounts.md): both exist, in USD, with spend every day. */
const DEMO_AD_ACCOUNTS = [
  { provider: 'facebook', accountId: 'act_1234567890' },
  { provider: 'google', accountId: '123-456-7890' },
] as const;

/**
 * Facebook and Google ad accounts, connected through the platform's own service: it checks them
 * at the ad platform and queues their spend sync (90 days back), which the platform's job workers
 * run — npm start's when it runs, else the next start's. A provider already connected is kept; one
 * the platform refuses (the demo id held by another company, or a live ad platform, which connects
 * only what the company's own grant reads) is reported, not connected.
 */
async function connectAdAccounts(apps: AdminApps, companyId: string): Promise<string[]> {
  const service = apps.platform.get(AdAccountsService);
  const connected: string[] = [];
  for (const { provider, accountId } of DEMO_AD_ACCOUNTS) {
    try {
      const account = await service.connect(companyId, provider, accountId);
      connected.push(`${account.provider} ${account.accountId} (${account.name})`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.kind === 'conflict') connected.push(`${provider} (already connected, kept)`);
      // Another company holds the demo id, or the live ad platform needs the company's own consent first.
      else if (error.kind === 'unprocessable') connected.push(`${provider} (not connected: ${error.message})`);
      else throw error;
    }
  }
  return connected;
}

/** The workspace's first sender number in messaging's pool (bootstrap adds one), once messaging knows the company. */
async function workspaceNumber(apps: AdminApps, companyId: string): Promise<string | null> {
  await waitForMessagingCompany(apps, companyId);
  const numbers = await apps.messaging.get(SenderNumbersService).list(companyId);
  return numbers.find((n) => n.removedAt === null)?.number ?? null;
}

export function describeSeedDemo(result: SeedDemoResult): string {
  const line = (label: string, value: string | number) => `  ${label.padEnd(30)} ${value}`;
  return [
    `Demo data for company ${result.company_id} (${result.time_zone}), ${result.from} … ${result.to}:`,
    line(`leads (contacts tagged "${DEMO_TAG}")`, result.contacts),
    line('appointments', result.appointments),
    line('AI agents', result.agents),
    line('outbound calls', `${result.calls.outbound} (${result.calls.answered} answered)`),
    line('inbound / web AI calls', `${result.calls.inbound} / ${result.calls.web}`),
    line(
      'outbound texts',
      `${result.texts.delivered} delivered, ${result.texts.sent} sent, ${result.texts.failed} failed (${result.texts.events} message events)`,
    ),
    line('ad accounts', result.ad_accounts.length ? result.ad_accounts.join(', ') : 'none'),
    'Rows are backdated straight into the tables and emit no contact, call or appointment event: no workflow or webhook',
    "fired for them. The texts' message events reach the dashboard's read model (and any message webhook subscription).",
  ].join('\n');
}
