import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import { localDateTime } from '../../local-time';
import { formatDuration } from '../durations';
import { csvCell, type CsvTextKind, type CsvValue } from './csv-cell';

/**
 * The export as the platform wrote it until PostgreSQL formatted the cells (decision 0035's
 * amendment), kept for the tests alone: the raw values read by plain SQL, each cell made in
 * JavaScript (local time, duration, Yes/No, csv-cell.ts's neutralisation) and the file written by
 * csv-stringify. The byte-identity test compares the export with it.
 */
interface LegacyColumn {
  sql: string;
  cell: (value: unknown, timeZone: string) => CsvValue;
  kind?: CsvTextKind;
}

const text = (value: unknown): CsvValue => (value === null || value === undefined ? null : String(value));
const integer = (value: unknown): CsvValue => (value === null || value === undefined ? null : Number(value));

const LEGACY_COLUMNS: Record<string, LegacyColumn> = {
  call_id: { sql: 'c.call_id', cell: text },
  started_at: { sql: 'c.started_at', cell: (value, timeZone) => localDateTime(value as Date, timeZone) },
  agent_id: { sql: 'c.agent_id', cell: integer },
  agent_name: { sql: 'ag.name', cell: text },
  contact_name: { sql: "NULLIF(concat_ws(' ', ct.first_name, ct.last_name), '')", cell: text },
  direction: { sql: 'c.direction', cell: text },
  from_number: { sql: 'c.caller_number', cell: text, kind: 'phone-number' },
  to_number: { sql: 'c.called_number', cell: text, kind: 'phone-number' },
  status: { sql: 'c.status', cell: text },
  duration: { sql: 'c.duration_seconds', cell: (value) => formatDuration(Number(value)) },
  duration_seconds: { sql: 'c.duration_seconds', cell: integer },
  user_sentiment: { sql: 'c.sentiment', cell: (value) => text(value) ?? 'Unknown' },
  call_successful: {
    sql: 'c.call_successful',
    cell: (value) => (value === true ? 'Yes' : value === false ? 'No' : null),
  },
  hangup_reason: { sql: 'c.hangup_reason', cell: text },
  disposition: { sql: 'c.disposition', cell: text },
  tags: {
    sql: 'c.tags',
    cell: (value) => (Array.isArray(value) && value.length > 0 ? value.map(String).join('; ') : null),
  },
  recording_url: { sql: 'c.recording_url', cell: text },
  transcript: { sql: 'c.transcription', cell: text },
  summary: { sql: 'c.summary', cell: text },
};

/** The old file of one agent's calls (all of them, newest first) with `columns` (keys with their labels). */
export async function legacyExport(
  db: DataSource,
  scope: { companyId: string; agentId: string; timeZone: string; bom?: boolean },
  columns: ReadonlyArray<{ key: string; label: string }>,
): Promise<Buffer> {
  const select = columns.map((column, i) => `${LEGACY_COLUMNS[column.key]!.sql} AS v${i}`).join(', ');
  const rows = (await db.query(
    `SELECT ${select}
       FROM platform.calls c
       LEFT JOIN platform.agents ag ON ag.id = c.agent_id AND ag.company_id = c.company_id AND ag.deleted_at IS NULL
       LEFT JOIN platform.contacts ct ON ct.id = c.contact_id AND ct.company_id = c.company_id
      WHERE c.company_id = $1 AND c.agent_id = $2
      ORDER BY c.started_at DESC, c.id DESC`,
    [scope.companyId, scope.agentId],
  )) as Array<Record<string, unknown>>;
  const records = rows.map((row) =>
    columns.map((column, i) => {
      const legacy = LEGACY_COLUMNS[column.key]!;
      return csvCell(legacy.cell(row[`v${i}`], scope.timeZone), legacy.kind);
    }),
  );
  return Buffer.from(stringify([columns.map((column) => column.label), ...records], { bom: scope.bom ?? false, eof: true }));
}
