import type { CsvTextKind, CsvValue } from './csv-cell';
import { formatDuration } from './durations';
import { localDateTime } from '../local-time';

/** Which joined table a column reads besides the call: the agent's name, the contact's. */
export type ColumnJoin = 'agent' | 'contact';

/**
 * One column of the call-history export: its key (the `columns` parameter's word), its header
 * label, the SQL expression it reads (aliases: `c` the call, `ag` its agent, `ct` its contact;
 * selected under the key) and how the database value becomes the cell.
 */
export interface CallHistoryColumn {
  key: string;
  label: string;
  sql: string;
  join?: ColumnJoin;
  cell: (value: unknown, timeZone: string) => CsvValue;
  /** `phone-number`: an exact E.164 number is written as it is (csv-cell.ts); other text is neutralised. */
  kind?: CsvTextKind;
}

const text = (value: unknown): CsvValue => (value === null || value === undefined ? null : String(value));
const integer = (value: unknown): CsvValue => (value === null || value === undefined ? null : Number(value));

/** The catalog, in the default order: the file's columns when `columns` is absent. */
export const CALL_HISTORY_COLUMNS: readonly CallHistoryColumn[] = [
  { key: 'call_id', label: 'Call ID', sql: 'c.call_id', cell: text },
  {
    key: 'started_at',
    label: 'Started At',
    sql: 'c.started_at',
    cell: (value, timeZone) => localDateTime(value as Date, timeZone),
  },
  { key: 'agent_id', label: 'Agent ID', sql: 'c.agent_id', cell: integer },
  { key: 'agent_name', label: 'Agent Name', sql: 'ag.name', join: 'agent', cell: text },
  {
    key: 'contact_name',
    label: 'Contact Name',
    sql: "NULLIF(concat_ws(' ', ct.first_name, ct.last_name), '')",
    join: 'contact',
    cell: text,
  },
  { key: 'direction', label: 'Direction', sql: 'c.direction', cell: text },
  { key: 'from_number', label: 'From Number', sql: 'c.caller_number', cell: text, kind: 'phone-number' },
  { key: 'to_number', label: 'To Number', sql: 'c.called_number', cell: text, kind: 'phone-number' },
  { key: 'status', label: 'Status', sql: 'c.status', cell: text },
  { key: 'duration', label: 'Duration', sql: 'c.duration_seconds', cell: (value) => formatDuration(Number(value)) },
  { key: 'duration_seconds', label: 'Duration (seconds)', sql: 'c.duration_seconds', cell: integer },
  // A call whose sentiment was never reported reads as Unknown, as the `user_sentiment=Unknown` filter does.
  { key: 'user_sentiment', label: 'User Sentiment', sql: 'c.sentiment', cell: (value) => text(value) ?? 'Unknown' },
  {
    key: 'call_successful',
    label: 'Call Successful',
    sql: 'c.call_successful',
    cell: (value) => (value === true ? 'Yes' : value === false ? 'No' : null),
  },
  { key: 'hangup_reason', label: 'Hangup Reason', sql: 'c.hangup_reason', cell: text },
  { key: 'disposition', label: 'Disposition', sql: 'c.disposition', cell: text },
  {
    key: 'tags',
    label: 'Tags',
    sql: 'c.tags',
    cell: (value) => (Array.isArray(value) && value.length > 0 ? value.map(String).join('; ') : null),
  },
  { key: 'recording_url', label: 'Recording URL', sql: 'c.recording_url', cell: text },
  { key: 'transcript', label: 'Transcript', sql: 'c.transcription', cell: text },
  // The provider's post-call summary (Retell's call_analyzed), merged into the call when it arrives.
  { key: 'summary', label: 'Summary', sql: 'c.summary', cell: text },
];

export const CALL_HISTORY_COLUMN_KEYS = CALL_HISTORY_COLUMNS.map((column) => column.key);

const BY_KEY = new Map(CALL_HISTORY_COLUMNS.map((column) => [column.key, column]));

export const callHistoryColumn = (key: string): CallHistoryColumn | undefined => BY_KEY.get(key);
