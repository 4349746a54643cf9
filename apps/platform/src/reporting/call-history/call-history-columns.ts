import { csvNumber, csvText } from './csv-sql';

/** Which joined table a column reads besides the call: the agent's name, the contact's. */
export type ColumnJoin = 'agent' | 'contact';

/** The parameter the export's SELECT binds to the company's IANA time zone. */
export const TIME_ZONE_PARAMETER = 'exportTimeZone';

/**
 * One column of the call-history export: its key (the `columns` parameter's word), its header
 * label and the SQL expression of its CSV field — the value formatted, neutralised and quoted by
 * PostgreSQL (csv-sql.ts), never NULL (aliases: `c` the call, `ag` its agent, `ct` its contact).
 */
export interface CallHistoryColumn {
  key: string;
  label: string;
  csv: string;
  join?: ColumnJoin;
}

/**
 * The whole seconds of a duration as `H:i:s` (hours unbounded, at least two digits); a negative one
 * and NULL (greatest skips it) as 0.
 */
const DURATION = "to_char(make_interval(secs => greatest(c.duration_seconds, 0)), 'HH24:MI:SS')";

/** The catalog, in the default order: the file's columns when `columns` is absent. */
export const CALL_HISTORY_COLUMNS: readonly CallHistoryColumn[] = [
  { key: 'call_id', label: 'Call ID', csv: csvText('c.call_id') },
  {
    key: 'started_at',
    label: 'Started At',
    // The instant on the company's wall clock, `Y-m-d H:i:s`: digits only, nothing to neutralise or quote.
    csv: `to_char(c.started_at AT TIME ZONE :${TIME_ZONE_PARAMETER}, 'YYYY-MM-DD HH24:MI:SS')`,
  },
  { key: 'agent_id', label: 'Agent ID', csv: csvNumber('c.agent_id') },
  { key: 'agent_name', label: 'Agent Name', csv: csvText('ag.name'), join: 'agent' },
  {
    key: 'contact_name',
    label: 'Contact Name',
    csv: csvText("NULLIF(concat_ws(' ', ct.first_name, ct.last_name), '')"),
    join: 'contact',
  },
  { key: 'direction', label: 'Direction', csv: csvText('c.direction') },
  { key: 'from_number', label: 'From Number', csv: csvText('c.caller_number', 'phone-number') },
  { key: 'to_number', label: 'To Number', csv: csvText('c.called_number', 'phone-number') },
  { key: 'status', label: 'Status', csv: csvText('c.status') },
  { key: 'duration', label: 'Duration', csv: DURATION },
  { key: 'duration_seconds', label: 'Duration (seconds)', csv: csvNumber('c.duration_seconds') },
  // A call whose sentiment was never reported reads as Unknown, as the `user_sentiment=Unknown` filter does.
  { key: 'user_sentiment', label: 'User Sentiment', csv: csvText("coalesce(c.sentiment, 'Unknown')") },
  {
    key: 'call_successful',
    label: 'Call Successful',
    csv: "CASE c.call_successful WHEN true THEN 'Yes' WHEN false THEN 'No' ELSE '' END",
  },
  { key: 'hangup_reason', label: 'Hangup Reason', csv: csvText('c.hangup_reason') },
  { key: 'disposition', label: 'Disposition', csv: csvText('c.disposition') },
  // The tags joined by "; " (an empty list is an empty cell).
  {
    key: 'tags',
    label: 'Tags',
    csv: csvText("CASE WHEN cardinality(c.tags) > 0 THEN array_to_string(c.tags, '; ', 'null') END"),
  },
  { key: 'recording_url', label: 'Recording URL', csv: csvText('c.recording_url') },
  { key: 'transcript', label: 'Transcript', csv: csvText('c.transcription') },
  // The provider's post-call summary (Retell's call_analyzed), merged into the call when it arrives.
  { key: 'summary', label: 'Summary', csv: csvText('c.summary') },
];

export const CALL_HISTORY_COLUMN_KEYS = CALL_HISTORY_COLUMNS.map((column) => column.key);

const BY_KEY = new Map(CALL_HISTORY_COLUMNS.map((column) => [column.key, column]));

export const callHistoryColumn = (key: string): CallHistoryColumn | undefined => BY_KEY.get(key);
