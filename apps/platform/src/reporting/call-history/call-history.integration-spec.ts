import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@suite/testing';
import { localMidnightUtc } from '../../shared/local-day';
import { createTenancyFixture, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { describeEndpointRules } from '../../testing/describe-endpoint-rules';
import { CALL_HISTORY_RANGES, callHistoryDays } from '../ranges/call-history-ranges';
import { localToday, reportWindow } from '../ranges/report-window';
import { CALL_HISTORY_COLUMNS } from './call-history-columns';
import { FORMULA_PATTERN } from './csv-sql';
import { isFormulaLike } from './testing/csv-cell';
import { legacyExport } from './testing/legacy-csv-export';

/**
 * The AI call-history export on real PostgreSQL: every filter and preset window in a non-UTC
 * company, the columns, the limit and order, the 404 before any byte, the export's own 401 body,
 * formula neutralisation end to end, and a download cut short that leaves no cursor running.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

const EXPORT = '/api/ai/call-history/export';
const TZ_A = 'America/Los_Angeles';
const TZ_C = 'Asia/Tokyo';

beforeAll(async () => {
  platform = await PlatformTestApp.start('call_history');
  fixture = await createTenancyFixture(platform);
  await platform.db.query('UPDATE platform.companies SET timezone = $2 WHERE id = $1', [fixture.company.A, TZ_A]);
  await platform.db.query('UPDATE platform.companies SET timezone = $2 WHERE id = $1', [fixture.company.C, TZ_C]);
});
afterAll(() => platform?.stop());

async function agent(companyId: string, name = 'Agent', deleted = false): Promise<string> {
  const [row] = (await platform.db.query(
    'INSERT INTO platform.agents (company_id, name, deleted_at) VALUES ($1, $2, $3) RETURNING id::text AS id',
    [companyId, name, deleted ? new Date() : null],
  )) as Array<{ id: string }>;
  return row!.id;
}

async function contact(companyId: string, firstName: string, lastName: string | null = null): Promise<string> {
  const [row] = (await platform.db.query(
    'INSERT INTO platform.contacts (company_id, first_name, last_name) VALUES ($1, $2, $3) RETURNING id::text AS id',
    [companyId, firstName, lastName],
  )) as Array<{ id: string }>;
  return row!.id;
}

interface CallSeed {
  agentId: string | null;
  startedAt: Date;
  contactId?: string | null;
  direction?: string;
  caller?: string;
  called?: string;
  status?: string;
  duration?: number;
  transcription?: string | null;
  sentiment?: string | null;
  disposition?: string | null;
  tags?: string[];
  successful?: boolean | null;
  hangup?: string | null;
  recording?: string | null;
  summary?: string | null;
}

/** A call row of the company, as the callbacks would have left it; its provider call id. */
async function call(companyId: string, seed: CallSeed): Promise<string> {
  const callId = `c_${randomUUID()}`;
  await platform.db.query(
    `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, agent_id, contact_id,
       status, duration_seconds, transcription, sentiment, disposition, tags, call_successful, hangup_reason, recording_url, started_at, summary)
     VALUES ($1, 'sandbox', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      companyId,
      callId,
      seed.direction ?? 'outbound',
      seed.caller ?? '+14155550100',
      seed.called ?? '+12125550199',
      seed.agentId,
      seed.contactId ?? null,
      seed.status ?? 'completed',
      seed.duration ?? 60,
      seed.transcription ?? null,
      seed.sentiment ?? null,
      seed.disposition ?? null,
      seed.tags ?? [],
      seed.successful ?? null,
      seed.hangup ?? null,
      seed.recording ?? null,
      seed.startedAt,
      seed.summary ?? null,
    ],
  );
  return callId;
}

/** A minimal CSV reader (RFC 4180 quoting) for the answers. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** GET the export (format=csv unless given); the answer with its raw bytes and, for a CSV, its rows. */
async function download(query: Record<string, string>, token?: string) {
  const response = await platform
    .request(
      'get',
      `${EXPORT}?${new URLSearchParams({ format: 'csv', ...query }).toString()}`,
      token ?? (await fixture.admin.A.token()),
    )
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const bytes = response.body as Buffer;
  const isCsv = String(response.headers['content-type'] ?? '').startsWith('text/csv');
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    rows: isCsv ? parseCsv(bytes.toString('utf8')) : [],
    json: isCsv ? undefined : (JSON.parse(bytes.toString('utf8') || 'null') as Record<string, unknown>),
  };
}

/**
 * The cells `columns` of the export show for one call of company A (4 minutes ago), made with a new
 * agent and contact of these names and `seed`'s fields.
 */
async function exportedCells(agentName: string, contactFirstName: string, seed: Partial<CallSeed>, columns: string) {
  const agentId = await agent(fixture.company.A, agentName);
  const contactId = await contact(fixture.company.A, contactFirstName);
  await call(fixture.company.A, { agentId, contactId, startedAt: minutesAgo(4), ...seed });
  return (await download({ agent_id: agentId, columns })).rows[1];
}

/** The call ids of an export limited to one agent's calls, in file order. */
async function callIds(agentId: string, query: Record<string, string> = {}): Promise<string[]> {
  const answer = await download({ agent_id: agentId, columns: 'call_id', ...query });
  if (answer.status === 404) return [];
  expect(answer.status).toBe(200);
  return answer.rows.slice(1).map((row) => row[0]!);
}

const NOW = () => new Date();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: `${EXPORT}?format=csv`,
    permission: 'view-calls',
    target: async (key) => {
      await call(fixture.company[key], { agentId: await agent(fixture.company[key]), startedAt: minutesAgo(5) });
      return {};
    },
    status: 200,
    expected: {},
  },
  {
    method: 'get',
    path: '/api/ai/call-history/columns',
    permission: 'view-calls',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: CALL_HISTORY_COLUMNS.map(({ key, label }) => ({ key, label })) },
  },
  {
    method: 'get',
    path: '/api/ai/call-history/agents',
    permission: 'view-calls',
    target: async (key) => {
      await agent(fixture.company[key], 'Zed');
      return {};
    },
    status: 200,
    expected: { success: true },
  },
];

describeEndpointRules(ENDPOINTS, () => ({ platform, fixture }));

describe('the export’s answers', () => {
  it('streams a CSV attachment named after the company and its local time, header row first, newest first', async () => {
    const agentId = await agent(fixture.company.A, 'Ava');
    const older = await call(fixture.company.A, { agentId, startedAt: minutesAgo(30) });
    const newer = await call(fixture.company.A, { agentId, startedAt: minutesAgo(10) });
    const answer = await download({ agent_id: agentId });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="AI_Call_History_[A-Za-z0-9_-]+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    const stamp = /_(\d{4}-\d{2}-\d{2})_\d{2}-\d{2}-\d{2}\.csv/.exec(String(answer.headers['content-disposition']))![1];
    expect(stamp).toBe(localToday(NOW(), TZ_A));
    expect(answer.rows[0]).toEqual(CALL_HISTORY_COLUMNS.map((column) => column.label));
    expect(answer.rows.slice(1).map((row) => row[0])).toEqual([newer, older]);
    expect(answer.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  });

  it('writes each default column as documented', async () => {
    const agentId = await agent(fixture.company.A, 'Bella Agent');
    const contactId = await contact(fixture.company.A, 'Jane', 'Doe');
    const startedAt = new Date('2026-07-04T19:05:09Z'); // 12:05:09 in Los Angeles (PDT)
    const callId = await call(fixture.company.A, {
      agentId,
      contactId,
      startedAt,
      direction: 'inbound',
      caller: '+14155550123',
      called: '+12125550999',
      status: 'completed',
      duration: 3725,
      transcription: 'Hello, there',
      sentiment: 'Positive',
      disposition: 'Interested',
      tags: ['vip', 'q3'],
      successful: true,
      hangup: 'user_hangup',
      recording: 'https://rec.example/1.mp3',
      summary: 'Jane asked for a quote.',
    });
    const answer = await download({ agent_id: agentId });
    expect(answer.rows.length).toBe(2);
    const record = Object.fromEntries(CALL_HISTORY_COLUMNS.map((column, i) => [column.key, answer.rows[1]![i]]));
    expect(record).toEqual({
      call_id: callId,
      started_at: '2026-07-04 12:05:09',
      agent_id: agentId,
      agent_name: 'Bella Agent',
      contact_name: 'Jane Doe',
      direction: 'inbound',
      from_number: '+14155550123',
      to_number: '+12125550999',
      status: 'completed',
      duration: '01:02:05',
      duration_seconds: '3725',
      user_sentiment: 'Positive',
      call_successful: 'Yes',
      hangup_reason: 'user_hangup',
      disposition: 'Interested',
      tags: 'vip; q3',
      recording_url: 'https://rec.example/1.mp3',
      transcript: 'Hello, there',
      summary: 'Jane asked for a quote.',
    });
  });

  it('writes the chosen columns in the chosen order, repeats dropped; empty cells for absent values', async () => {
    const agentId = await agent(fixture.company.A, 'Cole');
    await call(fixture.company.A, { agentId, startedAt: minutesAgo(3), duration: 5 });
    const answer = await download({
      agent_id: agentId,
      columns: 'duration,contact_name,agent_name,duration,call_successful,tags',
    });
    expect(answer.rows).toEqual([
      ['Duration', 'Contact Name', 'Agent Name', 'Call Successful', 'Tags'],
      ['00:00:05', '', 'Cole', '', ''],
    ]);
  });

  it('stops at limit, newest first', async () => {
    const agentId = await agent(fixture.company.A);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await call(fixture.company.A, { agentId, startedAt: minutesAgo(50 - i) }));
    expect(await callIds(agentId, { limit: '3' })).toEqual([ids[4], ids[3], ids[2]]);
    // Equal start times: the higher id (the later insert) first.
    const tied = await agent(fixture.company.A);
    const at = minutesAgo(7);
    const first = await call(fixture.company.A, { agentId: tied, startedAt: at });
    const second = await call(fixture.company.A, { agentId: tied, startedAt: at });
    expect(await callIds(tied)).toEqual([second, first]);
  });

  it('answers 404 in the platform body, before any CSV byte, when nothing matches', async () => {
    const agentId = await agent(fixture.company.A);
    const answer = await download({ agent_id: agentId });
    expect(answer.status).toBe(404);
    expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.json).toEqual({ success: false, message: 'No calls match the filters.', errors: {} });
  });

  it('answers 401 in the export’s own body {error, message, error_description}', async () => {
    for (const token of ['not-a-token', null]) {
      const response = await platform.request('get', `${EXPORT}?format=csv`, token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'unauthorized',
        message: expect.any(String),
        error_description: response.body.message,
      });
      expect(Object.keys(response.body).sort()).toEqual(['error', 'error_description', 'message']);
    }
    // The other routes keep the platform body.
    const columns = await platform.request('get', '/api/ai/call-history/columns', 'not-a-token');
    expect(columns.body).toEqual({ success: false, message: expect.any(String), errors: {} });
  });

  it('starts the file with a UTF-8 BOM when bom=1', async () => {
    const agentId = await agent(fixture.company.A, 'Dora');
    await call(fixture.company.A, { agentId, startedAt: minutesAgo(2) });
    const answer = await download({ agent_id: agentId, bom: '1', columns: 'agent_name' });
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.bytes.subarray(3).toString('utf8')).toBe('Agent Name\nDora\n');
  });

  it('neutralises formulas in text cells, keeps numbers and E.164 numbers as they are', async () => {
    const cells = await exportedCells(
      '+Agent',
      '@SUM(A1:A9)',
      {
        transcription: '=HYPERLINK("http://evil.example","click")',
        disposition: '-1+2',
        caller: '+14155550100',
        duration: 0,
        tags: ['=cmd'],
      },
      'transcript,contact_name,agent_name,disposition,from_number,duration_seconds,tags',
    );
    expect(cells).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      `'@SUM(A1:A9)`,
      `'+Agent`,
      `'-1+2`,
      '+14155550100',
      '0',
      `'=cmd`,
    ]);
  });

  it('neutralises formulas behind white space, format controls and fullwidth forms, the quote first in the cell', async () => {
    const cells = await exportedCells(
      '\uFEFF=cmd|"/c calc"!A1',
      '\u202E@SUM(A1:A9)',
      {
        transcription: '\n=HYPERLINK("http://evil.example","click")',
        disposition: ' \uFF0B1+2',
        caller: '+14155550100',
        called: '\uFF1D1+1',
        tags: ['\uFF20cmd', 'ok'],
      },
      'transcript,contact_name,agent_name,disposition,from_number,to_number,tags',
    );
    expect(cells).toEqual([
      `'\n=HYPERLINK("http://evil.example","click")`,
      `'\u202E@SUM(A1:A9)`,
      `'\uFEFF=cmd|"/c calc"!A1`,
      `' \uFF0B1+2`,
      '+14155550100',
      `'\uFF1D1+1`,
      `'\uFF20cmd; ok`,
    ]);
  });

  it('keeps a transcript with lone surrogates and every character class readable', async () => {
    const agentId = await agent(fixture.company.A);
    // PostgreSQL stores text as UTF-8 and refuses NUL; a lone surrogate arrives as U+FFFD already.
    await call(fixture.company.A, { agentId, startedAt: minutesAgo(4), transcription: 'a,"b"\nc 😀 \uD800' });
    const answer = await download({ agent_id: agentId, columns: 'transcript' });
    expect(answer.status).toBe(200);
    expect(answer.rows[1]![0]).toMatch(/^a,"b"\nc 😀 /);
  });

  it('never shows another company’s calls, and reaches a child through company_id in its own time zone', async () => {
    const own = await agent(fixture.company.A, 'Own');
    const stranger = await agent(fixture.company.B, 'Stranger');
    const child = await agent(fixture.company.C, 'Child');
    const ownCall = await call(fixture.company.A, { agentId: own, startedAt: minutesAgo(1) });
    const strangerCall = await call(fixture.company.B, { agentId: stranger, startedAt: minutesAgo(1) });
    const at = new Date('2026-06-01T00:30:00Z'); // 09:30 in Tokyo
    const childCall = await call(fixture.company.C, { agentId: child, startedAt: at });

    const all = await download({ columns: 'call_id', limit: '10000' });
    const ids = all.rows.slice(1).map((row) => row[0]);
    expect(ids).toContain(ownCall);
    expect(ids).not.toContain(strangerCall);
    expect(ids).not.toContain(childCall);
    // Another company's agent id is just a filter without rows.
    expect((await download({ agent_id: stranger })).status).toBe(404);

    const viaChild = await download({ company_id: fixture.company.C, agent_id: child, columns: 'call_id,started_at' });
    expect(viaChild.rows.slice(1)).toEqual([[childCall, '2026-06-01 09:30:00']]);
    expect((await download({ company_id: fixture.company.B })).status).toBe(404);
  });

  it('joins agents and contacts of the company only: a call pointing at another company’s shows neither name', async () => {
    const foreignAgent = await agent(fixture.company.B, 'Foreign agent');
    const foreignContact = await contact(fixture.company.B, 'Foreign', 'Contact');
    const callId = await call(fixture.company.A, { agentId: foreignAgent, contactId: foreignContact, startedAt: minutesAgo(1) });
    const answer = await download({ agent_id: foreignAgent, columns: 'call_id,agent_name,contact_name' });
    expect(answer.rows).toEqual([
      ['Call ID', 'Agent Name', 'Contact Name'],
      [callId, '', ''],
    ]);
  });

  it('leaves calls without an agent out: they are not AI calls', async () => {
    const agentId = await agent(fixture.company.A);
    const humanCall = await call(fixture.company.A, { agentId: null, startedAt: minutesAgo(1), caller: '+19995550111' });
    await call(fixture.company.A, { agentId, startedAt: minutesAgo(1), caller: '+19995550111' });
    const answer = await download({ from_number: '9995550111', columns: 'call_id,agent_id' });
    expect(answer.rows.slice(1).map((row) => row[0])).not.toContain(humanCall);
    expect(answer.rows.slice(1).every((row) => row[1] === agentId)).toBe(true);
  });
});

describe('the export’s filters', () => {
  let agentId: string;
  const named: Record<string, string> = {};

  beforeAll(async () => {
    agentId = await agent(fixture.company.A, 'Filters');
    const seed = (name: string, more: Partial<CallSeed>, minutes: number) =>
      call(fixture.company.A, { agentId, startedAt: minutesAgo(minutes), ...more }).then((id) => (named[name] = id));
    await seed(
      'inPos',
      {
        direction: 'inbound',
        sentiment: 'Positive',
        successful: true,
        hangup: 'user_hangup',
        duration: 30,
        caller: '+14155550001',
        called: '+12125550001',
      },
      60,
    );
    await seed(
      'outNeg',
      {
        direction: 'outbound',
        sentiment: 'Negative',
        successful: false,
        hangup: 'agent_hangup',
        duration: 600,
        caller: '+14155550002',
        called: '+13105550002',
      },
      59,
    );
    await seed(
      'webNull',
      {
        direction: 'web',
        sentiment: null,
        successful: null,
        hangup: 'voicemail_reached',
        duration: 3600,
        caller: '+442071838750',
        called: '+12125550003',
      },
      58,
    );
    await seed(
      'outUnknown',
      {
        direction: 'outbound',
        sentiment: 'Unknown',
        successful: true,
        hangup: 'call_transfer',
        duration: 0,
        caller: '+14155550004',
        called: '+12125550004',
      },
      57,
    );
  });

  const ids = async (query: Record<string, string>) => (await callIds(agentId, query)).sort();
  const expectIds = (names: string[]) => names.map((name) => named[name]).sort();

  it.each<[string, Record<string, string>, string[]]>([
    ['no filter', {}, ['inPos', 'outNeg', 'webNull', 'outUnknown']],
    [
      'All everywhere',
      {
        direction: 'All',
        user_sentiment: 'All',
        call_successful: 'All',
        hangup_reason: 'All',
        max_duration: 'All',
        min_duration: '00:00:00',
      },
      ['inPos', 'outNeg', 'webNull', 'outUnknown'],
    ],
    ['direction inbound', { direction: 'inbound' }, ['inPos']],
    ['direction outbound', { direction: 'outbound' }, ['outNeg', 'outUnknown']],
    ['direction web', { direction: 'web' }, ['webNull']],
    ['sentiment Positive', { user_sentiment: 'Positive' }, ['inPos']],
    ['sentiment Negative', { user_sentiment: 'Negative' }, ['outNeg']],
    ['sentiment Unknown matches null too', { user_sentiment: 'Unknown' }, ['webNull', 'outUnknown']],
    ['successful Yes', { call_successful: 'Yes' }, ['inPos', 'outUnknown']],
    ['successful No', { call_successful: 'No' }, ['outNeg']],
    ['hangup agent_hangup', { hangup_reason: 'agent_hangup' }, ['outNeg']],
    ['hangup voicemail_reached', { hangup_reason: 'voicemail_reached' }, ['webNull']],
    ['from part', { from_number: '5550002' }, ['outNeg']],
    ['from with +', { from_number: '+4420' }, ['webNull']],
    ['to part', { to_number: '+1310' }, ['outNeg']],
    ['min seconds', { min_duration: '600' }, ['outNeg', 'webNull']],
    ['min H:i:s', { min_duration: '00:10:00' }, ['outNeg', 'webNull']],
    ['max H:i:s', { max_duration: '00:00:30' }, ['inPos', 'outUnknown']],
    ['max seconds 0', { max_duration: '0' }, ['outUnknown']],
    ['between', { min_duration: '30', max_duration: '01:00:00' }, ['inPos', 'outNeg', 'webNull']],
    ['combined', { direction: 'outbound', call_successful: 'Yes', user_sentiment: 'Unknown' }, ['outUnknown']],
    ['combined numbers and duration', { from_number: '41555500', to_number: '212', min_duration: '1' }, ['inPos']],
  ])('%s', async (_name, query, expected) => {
    expect(await ids(query)).toEqual(expectIds(expected));
  });

  it('matches LIKE wildcards literally: none can be given, and a filter without rows is 404', async () => {
    expect((await download({ agent_id: agentId, from_number: '%' })).status).toBe(422);
    expect((await download({ agent_id: agentId, from_number: '_' })).status).toBe(422);
    expect((await download({ agent_id: agentId, from_number: '999999' })).status).toBe(404);
  });

  it.each<[string, Record<string, string>, string]>([
    ['format missing', { format: '' }, 'format'],
    ['format xlsx', { format: 'xlsx' }, 'format'],
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit 10001', { limit: '10001' }, 'limit'],
    ['limit text', { limit: '1e3' }, 'limit'],
    ['unknown preset', { date_range: 'Last 9 Days' }, 'date_range'],
    ['preset and dates', { date_range: 'Today', start_date: '2026-01-01' }, 'date_range'],
    ['bad date', { start_date: '2026-02-30' }, 'start_date'],
    ['reversed dates', { start_date: '2026-03-02', end_date: '2026-03-01' }, 'end_date'],
    ['bad direction', { direction: 'sideways' }, 'direction'],
    ['bad sentiment', { user_sentiment: 'positive' }, 'user_sentiment'],
    ['bad successful', { call_successful: 'true' }, 'call_successful'],
    ['bad hangup', { hangup_reason: 'dropped' }, 'hangup_reason'],
    ['bad number', { to_number: '12a' }, 'to_number'],
    ['bad min', { min_duration: '1:2:3' }, 'min_duration'],
    ['bad max', { max_duration: 'none' }, 'max_duration'],
    ['max below min', { min_duration: '60', max_duration: '59' }, 'max_duration'],
    ['unknown column', { columns: 'call_id,secret' }, 'columns'],
    ['bad bom', { bom: 'yes' }, 'bom'],
    ['bad agent id', { agent_id: 'abc' }, 'agent_id'],
  ])('answers 422 naming the parameter: %s', async (_name, query, field) => {
    const answer = await download(query);
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ success: false, errors: { [field]: [expect.any(String)] } });
    if (field === 'columns') expect(String(answer.json!.message)).toContain('"secret"');
  });

  it('answers 400 to a parameter given twice or unknown', async () => {
    const token = await fixture.admin.A.token();
    expect((await platform.request('get', `${EXPORT}?format=csv&direction=inbound&direction=web`, token)).status).toBe(400);
    expect((await platform.request('get', `${EXPORT}?format=csv&order=asc`, token)).status).toBe(400);
  });
});

describe('the export’s windows, in the company’s time zone', () => {
  /** For each preset, calls just inside and just outside both ends of its window, under an agent of its own. */
  it.each([...CALL_HISTORY_RANGES])('%s covers its local days, from local midnight to local midnight', async (preset) => {
    const agentId = await agent(fixture.company.A, preset);
    const window = reportWindow(callHistoryDays(preset, localToday(NOW(), TZ_A)), TZ_A);
    const inside = [await call(fixture.company.A, { agentId, startedAt: window.start })];
    const lastInside = new Date(Math.min(window.end.getTime(), Date.now()) - 1000);
    inside.push(await call(fixture.company.A, { agentId, startedAt: lastInside }));
    await call(fixture.company.A, { agentId, startedAt: new Date(window.start.getTime() - 1000) });
    await call(fixture.company.A, { agentId, startedAt: window.end });
    expect((await callIds(agentId, { date_range: preset })).sort()).toEqual(inside.sort());
  });

  it('start_date and end_date are local days, both inclusive, either alone open-ended', async () => {
    const agentId = await agent(fixture.company.A, 'Dates');
    const midnight = (day: string) => localMidnightUtc(day, TZ_A);
    const beforeStart = await call(fixture.company.A, { agentId, startedAt: new Date(midnight('2026-03-07').getTime() - 1000) });
    const atStart = await call(fixture.company.A, { agentId, startedAt: midnight('2026-03-07') });
    // 2026-03-08 is the DST change in Los Angeles: its day is 23 hours long.
    const endOfEnd = await call(fixture.company.A, { agentId, startedAt: new Date(midnight('2026-03-09').getTime() - 1000) });
    const afterEnd = await call(fixture.company.A, { agentId, startedAt: midnight('2026-03-09') });
    const sorted = (names: string[]) => [...names].sort();

    expect((await callIds(agentId, { start_date: '2026-03-07', end_date: '2026-03-08' })).sort()).toEqual(
      sorted([atStart, endOfEnd]),
    );
    expect((await callIds(agentId, { start_date: '2026-03-08', end_date: '2026-03-08' })).sort()).toEqual([endOfEnd]);
    expect((await callIds(agentId, { start_date: '2026-03-07' })).sort()).toEqual(sorted([atStart, endOfEnd, afterEnd]));
    expect((await callIds(agentId, { end_date: '2026-03-08' })).sort()).toEqual(sorted([beforeStart, atStart, endOfEnd]));
    expect(await callIds(agentId, { start_date: '2026-03-10' })).toEqual([]);
  });
});

describe('a download cut short', () => {
  it('closes the cursor and gives the connection back; the next export works', async () => {
    const agentId = await agent(fixture.company.A, 'Bulk');
    await platform.db.query(
      `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, agent_id, started_at, transcription)
       SELECT $1, 'sandbox', 'bulk_' || n, 'outbound', '+14155550100', '+12125550199', $2, now() - n * interval '1 second', repeat('x', 4000)
       FROM generate_series(1, 8000) AS n`,
      [fixture.company.A, agentId],
    );
    const server = platform.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const token = await fixture.admin.A.token();

    /**
     * Backends of this database still running (or holding open) the export's SELECT, known by its
     * start (pg_stat_activity keeps only the first 1 kB of a query).
     */
    const exportBackends = async () =>
      (
        (await platform.db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'
              AND query LIKE 'SELECT concat_ws('','', CASE WHEN c.call_id IS NULL THEN%'`,
        )) as Array<{ n: number }>
      )[0]!.n;

    // The client takes the first chunk, then stops reading: ~32 MB cannot all be in flight, so the
    // cursor is open, suspended by backpressure, when the client goes away.
    const { request, firstChunk } = await new Promise<{ request: http.ClientRequest; firstChunk: Buffer }>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `${EXPORT}?format=csv&limit=10000&agent_id=${agentId}`,
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            response.pause();
            resolve({ request, firstChunk: chunk });
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(firstChunk.toString('utf8')).toMatch(/^Call ID,/);
    try {
      expect(await exportBackends()).toBe(1);
    } finally {
      request.destroy();
    }
    await eventually(exportBackends, (n) => n === 0, { timeoutMs: 5000, what: 'the export cursor to close' });
    const pool = (platform.db.driver as unknown as { master: { totalCount: number; idleCount: number; waitingCount: number } })
      .master;
    await eventually(
      async () => pool.waitingCount,
      (waiting) => waiting === 0,
      { timeoutMs: 5000, what: 'no request waiting for a connection' },
    );
    const after = await download({ agent_id: agentId, limit: '3', columns: 'call_id' });
    expect(after.rows.slice(1).map((row) => row[0])).toEqual(['bulk_1', 'bulk_2', 'bulk_3']);
  });

  it('streams PLATFORM_EXPORT_CONCURRENCY (2) exports at once per replica; one more is a 429 until one ends', async () => {
    const [{ id: agentId }] = (await platform.db.query(
      "SELECT id::text FROM platform.agents WHERE company_id = $1 AND name = 'Bulk'",
      [fixture.company.A],
    )) as Array<{ id: string }>;
    const server = platform.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const token = await fixture.admin.A.token();
    // A download whose client stops reading after the first chunk: it holds its cursor open.
    const paused = () =>
      new Promise<http.ClientRequest>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `${EXPORT}?format=csv&limit=10000&agent_id=${agentId}`,
            headers: { authorization: `Bearer ${token}` },
          },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', () => {
              response.pause();
              resolve(request);
            });
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
    const first = await paused();
    const second = await paused();
    try {
      const refused = await platform.request('get', `${EXPORT}?format=csv&limit=1&agent_id=${agentId}`, token).expect(429);
      expect(refused.body).toMatchObject({ success: false, message: 'Too many exports are in progress; try again in a moment.' });
    } finally {
      first.destroy();
    }
    const after = await eventually(
      async () =>
        (await platform.request('get', `${EXPORT}?format=csv&limit=1&columns=call_id&agent_id=${agentId}`, token)).status,
      (status) => status === 200,
      { timeoutMs: 5000, what: 'a slot to free once a download is cut short' },
    );
    expect(after).toBe(200);
    second.destroy();
  });
});

describe('the form’s lists', () => {
  it('lists the company’s live agents by name, ids as integers', async () => {
    const company = await platform.company('Agents');
    const admin = await platform.actor(company, ['view-calls']);
    const zed = await agent(company, 'Zed');
    const amy = await agent(company, 'Amy');
    await agent(company, 'Gone', true);
    await agent(fixture.company.B, 'Stranger');
    const response = await platform.request('get', '/api/ai/call-history/agents', await admin.token()).expect(200);
    expect(response.body).toEqual({
      success: true,
      data: [
        { id: Number(amy), name: 'Amy' },
        { id: Number(zed), name: 'Zed' },
      ],
    });
  });
});

describe('the file’s bytes, written by PostgreSQL', () => {
  const LONG = `${'Agent: "Hello, how are you?"\r\nCaller: fine, thanks — 😀 '.repeat(400)}=end`;
  // Every awkward value a cell can hold (PostgreSQL text holds no NUL and no lone surrogate).
  const AWKWARD = [
    null,
    '',
    '   ',
    'plain',
    'a,b',
    'say "hi"',
    '"',
    '""',
    'line\nbreak',
    'carriage\rreturn',
    'crlf\r\nend',
    '\n',
    '=1+1',
    '+1+2',
    '-2+3',
    '@SUM(A1)',
    '\tcmd',
    '\rcmd',
    ' =1',
    '\n=HYPERLINK("http://evil.example","x, y")',
    '\u00A0-2',
    '\u0085@x',
    '\uFEFF=1',
    '\u202E@1',
    '\u200B+1',
    '\u00AD-1',
    '\u{E0001}=1',
    '\u{1D173}+1',
    '\uFF1D1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20x',
    '\uFE66x',
    '\uFE62x',
    '\uFE63x',
    '\uFE6Bx',
    '\u207A1',
    '\u207C1',
    '\u208A1',
    '\u208C1',
    '\u2A75',
    '\uFB29x',
    '\u2212minus sign is not hyphen-minus',
    '\uFF0Ax',
    'Ünïcödé, 中文, עברית, العربية',
    'emoji 😀👍🏽 family 👨‍👩‍👧',
    "'already quoted",
    'a=b, c-d',
    '+14155550100',
    '+04155550100',
    '+1415555010012345',
    '+1 415 555 0100',
    LONG,
  ];
  const ZONES = [
    'America/Los_Angeles',
    'Europe/London',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/Sao_Paulo',
    'UTC',
  ];
  // Daylight-saving changes of 2026 (US, EU, Lord Howe's half hour) and a second's last millisecond.
  const EDGES = [
    '2026-03-08T10:00:00Z',
    '2026-11-01T09:00:00Z',
    '2026-03-29T01:00:00Z',
    '2026-10-25T01:00:00Z',
    '2026-04-04T15:00:00Z',
    '2026-10-03T15:30:00Z',
  ].flatMap((edge) => [-3601, -1800, -1, 0, 1, 1799, 3600].map((seconds) => new Date(Date.parse(edge) + seconds * 1000)));
  const DURATIONS = [0, 1, 59, 60, 3599, 3600, 3725, 86_399, 359_999, 360_000, 2_147_483_647, -1, -3600, -2_147_483_648];

  /** At most `length` code points: what a varchar column of that length holds. */
  const cut = (value: string | null, length: number) => (value === null ? null : [...value].slice(0, length).join(''));
  let agentId: string;
  let plainAgentId: string;

  beforeAll(async () => {
    agentId = await agent(fixture.company.A, '"=Agent, \nNo. 1"');
    plainAgentId = await agent(fixture.company.A, 'Plain');
    const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 0, 0, 0, 999) - i * 61_000);
    for (let i = 0; i < AWKWARD.length; i++) {
      const value = AWKWARD[i]!;
      const next = AWKWARD[(i + 1) % AWKWARD.length]!;
      const contactId = await contact(fixture.company.A, cut(value ?? 'Solo', 255)!, cut(next, 255));
      await call(fixture.company.A, {
        agentId,
        contactId,
        startedAt: at(i),
        direction: cut(value ?? 'outbound', 8)!,
        caller: cut(value ?? '+14155550100', 16)!,
        called: cut(next ?? '+12125550199', 16)!,
        status: cut(value ?? 'completed', 16)!,
        duration: DURATIONS[i % DURATIONS.length],
        transcription: value,
        sentiment: cut(value, 8),
        disposition: cut(next, 100),
        tags: value === null ? [] : [value, next ?? ''],
        successful: i % 3 === 0 ? true : i % 3 === 1 ? false : null,
        hangup: cut(value, 24),
        recording: cut(value, 2048),
        summary: next,
      });
    }
    for (const [i, startedAt] of EDGES.entries())
      await call(fixture.company.A, { agentId, startedAt, duration: DURATIONS[i % DURATIONS.length] });
    await call(fixture.company.A, { agentId: plainAgentId, startedAt: at(0), tags: ['vip', 'q3'], successful: true });
  });
  afterAll(() => platform.db.query('UPDATE platform.companies SET timezone = $2 WHERE id = $1', [fixture.company.A, TZ_A]));

  const scope = (timeZone: string, bom = false) => ({ companyId: fixture.company.A, agentId, timeZone, bom });

  it.each(ZONES)('are those the JavaScript formatter wrote, every column, in %s', async (timeZone) => {
    await platform.db.query('UPDATE platform.companies SET timezone = $2 WHERE id = $1', [fixture.company.A, timeZone]);
    const answer = await download({ agent_id: agentId, limit: '10000' });
    expect(answer.status).toBe(200);
    expect(answer.rows.length).toBe(1 + AWKWARD.length + EDGES.length);
    const expected = await legacyExport(platform.db, scope(timeZone), CALL_HISTORY_COLUMNS);
    expect(answer.bytes.toString('utf8')).toBe(expected.toString('utf8'));
    expect(answer.bytes.equals(expected)).toBe(true);
  });

  it('are those the JavaScript formatter wrote with a BOM, chosen columns and an ordinary agent', async () => {
    await platform.db.query('UPDATE platform.companies SET timezone = $2 WHERE id = $1', [fixture.company.A, TZ_A]);
    const keys = ['transcript', 'duration', 'tags', 'started_at', 'from_number', 'call_successful', 'agent_id'];
    const columns = keys.map((key) => CALL_HISTORY_COLUMNS.find((column) => column.key === key)!);
    const answer = await download({ agent_id: agentId, bom: '1', columns: keys.join(',') });
    expect(answer.bytes.equals(await legacyExport(platform.db, scope(TZ_A, true), columns))).toBe(true);
    const plain = await download({ agent_id: plainAgentId });
    const expected = await legacyExport(platform.db, { ...scope(TZ_A), agentId: plainAgentId }, CALL_HISTORY_COLUMNS);
    expect(plain.bytes.toString('utf8')).toBe(expected.toString('utf8'));
  });

  it('neutralise exactly the code points csv-cell.ts does, at the start and behind skipped ones', async () => {
    // Every code point c as `c` + "x" and as `c` + "=1": PostgreSQL's pattern against the reference rule.
    const [{ alone, before }] = (await platform.db.query(
      `SELECT array_agg(n) FILTER (WHERE chr(n) || 'x' ~ $1) AS alone, array_agg(n) FILTER (WHERE chr(n) || '=1' ~ $1) AS before
         FROM generate_series(1, 1114111) AS n WHERE n NOT BETWEEN 55296 AND 57343`,
      [FORMULA_PATTERN],
    )) as Array<{ alone: number[]; before: number[] }>;
    const reference = (suffix: string) => {
      const found: number[] = [];
      for (let n = 1; n <= 0x10ffff; n++)
        if ((n < 0xd800 || n > 0xdfff) && isFormulaLike(String.fromCodePoint(n) + suffix)) found.push(n);
      return found;
    };
    expect(alone).toEqual(reference('x'));
    expect(before).toEqual(reference('=1'));
  });
});
