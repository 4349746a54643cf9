import {
  CALL_DIRECTIONS,
  CALL_SENTIMENTS,
  HANGUP_REASONS,
  type CallDirection,
  type CallSentiment,
  type HangupReason,
} from '@suite/contracts';
import { AppError, MAX_ID, summarizeFields } from '@suite/http';
import { isLocalDate } from '../../shared/local-day';
import { isCallHistoryRange, type CallHistoryRange } from '../ranges/call-history-ranges';
import { CALL_HISTORY_COLUMNS, callHistoryColumn, type CallHistoryColumn } from './call-history-columns';
import { parseDuration } from './durations';
import type { ExportCallHistoryQuery } from './dto/export-call-history.query';

export const DEFAULT_EXPORT_LIMIT = 5000;
export const MAX_EXPORT_LIMIT = 10_000;

/** Which calls by their start: a preset counted from the company's today, or local days (either end open). */
export type ExportDays = { preset: CallHistoryRange } | { from?: string; to?: string };

/** The export's query once understood: every filter in the database's terms, the columns in order. */
export interface ExportRequest {
  limit: number;
  days?: ExportDays;
  agentId?: string;
  direction?: CallDirection;
  sentiment?: CallSentiment;
  callSuccessful?: boolean;
  hangupReason?: HangupReason;
  fromNumber?: string;
  toNumber?: string;
  minDurationSeconds?: number;
  maxDurationSeconds?: number;
  columns: CallHistoryColumn[];
  bom: boolean;
}

/** A partial phone number: `+` and up to 15 digits, as stored numbers are E.164. */
const PARTIAL_NUMBER = /^\+?[0-9]{1,15}$/;

/** `All` or absent → undefined; one of `values` → it; else a problem for `field`. */
function oneOf<T extends string>(
  value: string | undefined,
  values: readonly T[],
  field: string,
  problems: Record<string, string[]>,
): T | undefined {
  if (value === undefined || value === 'All') return undefined;
  if ((values as readonly string[]).includes(value)) return value as T;
  problems[field] = [`The ${field} must be All or one of: ${values.join(', ')}.`];
  return undefined;
}

/**
 * The query's meaning, or a 422 naming every parameter at fault. Repeated column keys are
 * dropped (the first place counts); an agent id of another company is not refused here — it
 * simply matches no call, so the export answers 404 as for any filter without rows, and does
 * not tell whether the id exists elsewhere.
 */
export function parseExportRequest(query: ExportCallHistoryQuery): ExportRequest {
  const problems: Record<string, string[]> = {};
  if (query.format !== 'csv') problems.format = ['The format must be csv.'];

  let limit = DEFAULT_EXPORT_LIMIT;
  if (query.limit !== undefined) {
    limit = /^[0-9]{1,5}$/.test(query.limit) ? Number(query.limit) : 0;
    if (limit < 1 || limit > MAX_EXPORT_LIMIT) problems.limit = [`The limit must be an integer from 1 to ${MAX_EXPORT_LIMIT}.`];
  }

  let days: ExportDays | undefined;
  if (query.date_range !== undefined) {
    if (query.start_date !== undefined || query.end_date !== undefined) {
      problems.date_range = ['Give either date_range or start_date/end_date, not both.'];
    } else if (isCallHistoryRange(query.date_range)) {
      days = { preset: query.date_range };
    } else {
      problems.date_range = ['The date_range is not one of the presets.'];
    }
  } else if (query.start_date !== undefined || query.end_date !== undefined) {
    for (const field of ['start_date', 'end_date'] as const) {
      const value = query[field];
      if (value !== undefined && !isLocalDate(value)) problems[field] = [`The ${field} must be a date Y-m-d (years 2000–2100).`];
    }
    if (!problems.start_date && !problems.end_date) {
      if (query.start_date && query.end_date && query.end_date < query.start_date) {
        problems.end_date = ['The end_date must be on or after the start_date.'];
      }
      days = { from: query.start_date, to: query.end_date };
    }
  }

  let agentId: string | undefined;
  if (query.agent_id !== undefined && query.agent_id !== 'All') {
    if (/^[1-9][0-9]{0,15}$/.test(query.agent_id) && Number(query.agent_id) <= MAX_ID) agentId = query.agent_id;
    else problems.agent_id = ['The agent_id must be All or an agent id.'];
  }

  const direction = oneOf(query.direction, CALL_DIRECTIONS, 'direction', problems);
  const sentiment = oneOf(query.user_sentiment, CALL_SENTIMENTS, 'user_sentiment', problems);
  const successful = oneOf(query.call_successful, ['Yes', 'No'] as const, 'call_successful', problems);
  const hangupReason = oneOf(query.hangup_reason, HANGUP_REASONS, 'hangup_reason', problems);

  const numbers: Record<'from_number' | 'to_number', string | undefined> = { from_number: undefined, to_number: undefined };
  for (const field of ['from_number', 'to_number'] as const) {
    const value = query[field];
    if (value === undefined || value === '') continue;
    if (PARTIAL_NUMBER.test(value)) numbers[field] = value;
    else problems[field] = [`The ${field} must be part of a phone number: + and up to 15 digits.`];
  }

  let minDurationSeconds: number | undefined;
  if (query.min_duration !== undefined) {
    const seconds = parseDuration(query.min_duration);
    if (seconds === undefined) problems.min_duration = ['The min_duration must be H:i:s or a number of seconds.'];
    else if (seconds > 0) minDurationSeconds = seconds;
  }
  let maxDurationSeconds: number | undefined;
  if (query.max_duration !== undefined && query.max_duration !== 'All') {
    const seconds = parseDuration(query.max_duration);
    if (seconds === undefined) problems.max_duration = ['The max_duration must be All, H:i:s or a number of seconds.'];
    else if (seconds < (minDurationSeconds ?? 0))
      problems.max_duration = ['The max_duration must not be below the min_duration.'];
    else maxDurationSeconds = seconds;
  }

  const columns = parseColumns(query.columns, problems);

  let bom = false;
  if (query.bom !== undefined) {
    if (query.bom === '1' || query.bom === '0') bom = query.bom === '1';
    else problems.bom = ['The bom must be 0 or 1.'];
  }

  if (Object.keys(problems).length > 0) throw new AppError('unprocessable', summarizeFields(problems), problems);
  return {
    limit,
    days,
    agentId,
    direction,
    sentiment,
    callSuccessful: successful === undefined ? undefined : successful === 'Yes',
    hangupReason,
    fromNumber: numbers.from_number,
    toNumber: numbers.to_number,
    minDurationSeconds,
    maxDurationSeconds,
    columns,
    bom,
  };
}

/** The columns named, in their order, repeats dropped; absent: the whole catalog. */
function parseColumns(value: string | undefined, problems: Record<string, string[]>): CallHistoryColumn[] {
  if (value === undefined) return [...CALL_HISTORY_COLUMNS];
  const keys = [...new Set(value.split(',').map((key) => key.trim()))];
  const unknown = keys.filter((key) => !callHistoryColumn(key));
  if (unknown.length > 0) {
    // Quote what was sent, cut short and made printable: the message is echoed to the caller.
    const shown = unknown.slice(0, 5).map((key) => JSON.stringify(key.slice(0, 40)));
    problems.columns = [`Unknown column${unknown.length > 1 ? 's' : ''}: ${shown.join(', ')}.`];
    return [];
  }
  return keys.map((key) => callHistoryColumn(key)!);
}
