import { Client } from 'pg';

/** How many rows of each kind one company gets. */
export interface ReportsScale {
  calls: number;
  contacts: number;
  appointments: number;
  smsMessages: number;
  spendDays: number;
}

/** 13 months, in seconds: every seeded instant lies between now and this long ago. */
const SPAN = "interval '395 days'";
const TRANSCRIPT =
  'Agent: Thanks for calling, how can I help you today? Caller: I saw your ad and I would like a quote for next week. ' +
  'Agent: Of course, let me check the calendar. I have Tuesday at ten or Thursday at two. ' +
  "Caller: Thursday works. Agent: You're booked, you'll get a text to confirm. Caller: Thanks, bye.";

/**
 * A company's reporting history put straight into the platform's tables, set-based with
 * generate_series (a product would have grown to this over 13 months; the bench needs it in a
 * minute): contacts, appointments booked a day after a lead, calls (60 % outbound, 30 % inbound,
 * 10 % web; 70 % with an agent and a 150–300 character transcript; 60 % answered), the
 * messaging read model's texts and two ad accounts with their daily spend. One statement per
 * table; the company's row itself (with its time zone, UTC, so the baseline's windows are exact)
 * is inserted first.
 */
export async function seedCompany(client: Client, companyId: string, scale: ReportsScale): Promise<void> {
  await client.query(
    `INSERT INTO platform.companies (id, name, timezone, week_start) OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, 'UTC', 'monday') ON CONFLICT (id) DO NOTHING`,
    [companyId, `Bench company ${companyId}`],
  );
  const agents = (
    (await client.query(
      `INSERT INTO platform.agents (company_id, name) SELECT $1, 'Bench agent ' || n FROM generate_series(1, 4) AS n RETURNING id`,
      [companyId],
    )) as { rows: Array<{ id: string }> }
  ).rows.map((row) => row.id);

  await client.query(
    `INSERT INTO platform.contacts (company_id, first_name, last_name, phone, source, created_at, updated_at)
     SELECT $1, 'Lead', n::text, '+1415' || lpad(n::text, 7, '0'),
            (ARRAY['facebook', 'google', 'organic', 'referral'])[1 + n % 4], t, t
       FROM (SELECT n, now() - random() * ${SPAN} AS t FROM generate_series(1, $2::int) AS n) AS s`,
    [companyId, scale.contacts],
  );
  await client.query(
    `INSERT INTO platform.appointments (company_id, contact_id, title, starts_at, ends_at, status, created_at, updated_at)
     SELECT $1, c.id, 'Consultation', c.created_at + interval '3 days', c.created_at + interval '3 days 30 minutes', 'scheduled',
            least(now(), c.created_at + interval '1 day'), least(now(), c.created_at + interval '1 day')
       FROM (SELECT id, created_at FROM platform.contacts WHERE company_id = $1 ORDER BY id LIMIT $2) AS c`,
    [companyId, scale.appointments],
  );
  await client.query(
    `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, agent_id, status,
                                 duration_seconds, transcription, sentiment, call_successful, hangup_reason,
                                 started_at, answered_at, ended_at, created_at, updated_at)
     SELECT $1::bigint, 'bench', 'bench-' || $1::text || '-' || n,
            CASE WHEN n % 10 < 6 THEN 'outbound' WHEN n % 10 < 9 THEN 'inbound' ELSE 'web' END,
            '+14155550100', '+1212' || lpad((n % 10000000)::text, 7, '0'),
            CASE WHEN with_agent THEN ($3::bigint[])[1 + n % 4] END,
            CASE WHEN answered THEN 'completed' ELSE 'no_answer' END,
            CASE WHEN answered THEN seconds ELSE 0 END,
            CASE WHEN with_agent THEN substr($4, 1, 150 + n % 151) END,
            CASE WHEN with_agent THEN (ARRAY['Positive', 'Neutral', 'Negative', 'Unknown'])[1 + n % 4] END,
            CASE WHEN with_agent THEN n % 3 <> 0 END,
            CASE WHEN answered THEN 'user_hangup' ELSE 'dial_no_answer' END,
            started, CASE WHEN answered THEN started + interval '5 seconds' END,
            started + (seconds + 5) * interval '1 second', started, started
       FROM (SELECT n, (n / 10) % 10 < 7 AS with_agent, random() < 0.6 AS answered, 20 + (random() * 460)::int AS seconds,
                    now() - random() * ${SPAN} AS started
               FROM generate_series(1, $2::int) AS n) AS s`,
    [companyId, scale.calls, agents, TRANSCRIPT],
  );
  await client.query(
    `INSERT INTO platform.sms_messages (message_id, company_id, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, CASE WHEN r < 0.85 THEN 'delivered' WHEN r < 0.92 THEN 'sent' ELSE 'failed' END, t, t
       FROM (SELECT random() AS r, now() - random() * ${SPAN} AS t FROM generate_series(1, $2::int)) AS s`,
    [companyId, scale.smsMessages],
  );
  const accounts = (
    (await client.query(
      `INSERT INTO platform.ad_accounts (company_id, provider, account_id, name, currency, time_zone, connected_at, last_synced_at)
       VALUES ($1::bigint, 'facebook', 'act_' || $1::text, 'Bench Facebook', 'USD', 'America/New_York', now(), now()),
              ($1::bigint, 'google', '123-456-' || lpad(($1::bigint % 10000)::text, 4, '0'), 'Bench Google', 'USD', 'America/New_York', now(), now())
       RETURNING id`,
      [companyId],
    )) as { rows: Array<{ id: string }> }
  ).rows.map((row) => row.id);
  await client.query(
    `INSERT INTO platform.ad_spend_days (ad_account_id, company_id, day, amount, currency, synced_at)
     SELECT a.id, $1, current_date - d, round((20 + random() * 480)::numeric, 2), 'USD', now()
       FROM unnest($2::bigint[]) AS a(id), generate_series(0, $3::int - 1) AS d`,
    [companyId, accounts, scale.spendDays],
  );
}

const VACUUMED = ['contacts', 'appointments', 'calls', 'sms_messages', 'ad_accounts', 'ad_spend_days', 'companies', 'agents'];

/** Statistics and visibility maps as a database that grew to this size would have them. */
export async function vacuumAnalyze(client: Client): Promise<void> {
  for (const table of VACUUMED) await client.query(`VACUUM ANALYZE platform.${table}`);
}

/**
 * What could keep VACUUM from marking pages all-visible: every other session of the server holding a
 * snapshot (backend_xmin), prepared transactions and replication slots with an xmin. One line each.
 * Since PostgreSQL 14 only those of the same database (and slots) hold back a table's horizon; a
 * shared server's other databases are listed as such.
 */
export async function snapshotHolders(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ holder: string }>(
    `SELECT format('%s: backend %s (%s, %s) xmin %s', CASE WHEN datname = current_database() THEN 'this database'
                   ELSE 'database ' || datname END, pid, coalesce(nullif(application_name, ''), backend_type), state,
                   backend_xmin) AS holder
       FROM pg_stat_activity WHERE backend_xmin IS NOT NULL AND pid <> pg_backend_pid()
     UNION ALL
     SELECT format('%s: prepared transaction %s xmin %s', CASE WHEN database = current_database() THEN 'this database'
                   ELSE 'database ' || database END, gid, transaction) FROM pg_prepared_xacts
     UNION ALL
     SELECT format('replication slot %s xmin %s', slot_name, coalesce(xmin, catalog_xmin))
       FROM pg_replication_slots WHERE xmin IS NOT NULL OR catalog_xmin IS NOT NULL`,
  );
  return rows.map((row) => row.holder);
}

/** The seeded tables' pages and those the visibility map marks all-visible (what index-only scans need). */
export async function visibility(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string; pages: number; visible: number }>(
    `SELECT c.relname AS table, c.relpages AS pages, c.relallvisible AS visible
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'platform' AND c.relname = ANY($1) ORDER BY c.relpages DESC`,
    [VACUUMED.slice(0, 4)],
  );
  return rows.map((row) => `${row.table} ${row.visible.toLocaleString('en-US')} of ${row.pages.toLocaleString('en-US')}`);
}
