import type { ArgumentMetadata } from '@nestjs/common';
import { AppError, createValidationPipe } from '@suite/http';
import { CALL_HISTORY_COLUMN_KEYS } from '../call-history-columns';
import { DEFAULT_EXPORT_LIMIT, parseExportRequest } from '../export-request';
import { ExportCallHistoryQuery } from './export-call-history.query';

/** Runs the app's validation pipe on a query; the DTO, or the refusal's fields (400). */
async function validate(
  value: unknown,
): Promise<{ value: ExportCallHistoryQuery | null; fields: Record<string, string[]> | null }> {
  try {
    const metadata: ArgumentMetadata = { type: 'query', metatype: ExportCallHistoryQuery };
    return { value: (await createValidationPipe().transform(value, metadata)) as ExportCallHistoryQuery, fields: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(400);
    return { value: null, fields: error.fields };
  }
}

/** The pipe, then the parser: the request, or the 422's fields. */
async function parse(value: Record<string, unknown>) {
  const { value: dto, fields } = await validate(value);
  if (!dto) throw new Error(`refused by the pipe: ${JSON.stringify(fields)}`);
  try {
    return { request: parseExportRequest(dto), fields: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBe(422);
    return { request: null, fields: error.fields };
  }
}

describe('ExportCallHistoryQuery (the pipe: shape only)', () => {
  it('accepts every parameter as text', async () => {
    const all = {
      format: 'csv',
      limit: '10',
      date_range: 'Last 7 Days',
      agent_id: 'All',
      direction: 'web',
      user_sentiment: 'Unknown',
      call_successful: 'No',
      hangup_reason: 'user_hangup',
      from_number: '+1415',
      to_number: '555',
      min_duration: '00:00:00',
      max_duration: 'All',
      columns: CALL_HISTORY_COLUMN_KEYS.join(','),
      bom: '1',
      company_id: '12',
    };
    await expect(validate(all)).resolves.toMatchObject({ fields: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a repeated parameter (an array)', { format: 'csv', direction: ['inbound', 'web'] }, 'direction'],
    ['an unknown parameter', { format: 'csv', order: 'asc' }, 'order'],
    ['an over-long value', { format: 'csv', columns: 'a'.repeat(1001) }, 'columns'],
    ['an over-long number', { format: 'csv', from_number: '1'.repeat(17) }, 'from_number'],
    ['a bad company_id', { format: 'csv', company_id: 'x' }, 'company_id'],
  ])('refuses %s with 400', async (_name, query, field) => {
    const { fields } = await validate(query);
    expect(fields).toHaveProperty(field);
  });
});

describe('parseExportRequest (the meaning: 422)', () => {
  it('applies the defaults: limit 5000, all time, every column, no BOM, no filter', async () => {
    const { request } = await parse({ format: 'csv' });
    expect(request).toMatchObject({ limit: DEFAULT_EXPORT_LIMIT, days: undefined, bom: false });
    expect(request!.columns.map((column) => column.key)).toEqual(CALL_HISTORY_COLUMN_KEYS);
    for (const filter of [
      'agentId',
      'direction',
      'sentiment',
      'callSuccessful',
      'hangupReason',
      'fromNumber',
      'toNumber',
      'minDurationSeconds',
      'maxDurationSeconds',
    ]) {
      expect(request).toHaveProperty(filter, undefined);
    }
  });

  it('reads every filter', async () => {
    const { request } = await parse({
      format: 'csv',
      limit: '10000',
      start_date: '2026-03-01',
      agent_id: '42',
      direction: 'inbound',
      user_sentiment: 'Negative',
      call_successful: 'Yes',
      hangup_reason: 'call_transfer',
      from_number: '+1',
      to_number: '0',
      min_duration: '00:01:30',
      max_duration: '3600',
      columns: ' agent_name , call_id,agent_name',
      bom: '0',
    });
    expect(request).toMatchObject({
      limit: 10000,
      days: { from: '2026-03-01', to: undefined },
      agentId: '42',
      direction: 'inbound',
      sentiment: 'Negative',
      callSuccessful: true,
      hangupReason: 'call_transfer',
      fromNumber: '+1',
      toNumber: '0',
      minDurationSeconds: 90,
      maxDurationSeconds: 3600,
      bom: false,
    });
    expect(request!.columns.map((column) => column.key)).toEqual(['agent_name', 'call_id']);
    expect((await parse({ format: 'csv', date_range: 'Last Business Week' })).request!.days).toEqual({
      preset: 'Last Business Week',
    });
    expect((await parse({ format: 'csv', call_successful: 'No', min_duration: '00:00:00' })).request).toMatchObject({
      callSuccessful: false,
      minDurationSeconds: undefined,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no format', {}, ['format']],
    ['format CSV (case matters)', { format: 'CSV' }, ['format']],
    ['limit 0 and 10001', { format: 'csv', limit: '10001' }, ['limit']],
    ['limit -1', { format: 'csv', limit: '-1' }, ['limit']],
    ['limit 1e308', { format: 'csv', limit: '1e308' }, ['limit']],
    ['preset misspelt', { format: 'csv', date_range: 'today' }, ['date_range']],
    ['preset with end_date', { format: 'csv', date_range: 'Today', end_date: '2026-01-01' }, ['date_range']],
    ['start_date not a day', { format: 'csv', start_date: '2026-13-01' }, ['start_date']],
    ['end_date before start_date', { format: 'csv', start_date: '2026-01-02', end_date: '2026-01-01' }, ['end_date']],
    ['agent_id 0', { format: 'csv', agent_id: '0' }, ['agent_id']],
    ['agent_id past MAX_SAFE_INTEGER', { format: 'csv', agent_id: '9007199254740993' }, ['agent_id']],
    ['direction in capitals', { format: 'csv', direction: 'Inbound' }, ['direction']],
    ['from_number with a wildcard', { format: 'csv', from_number: '1%' }, ['from_number']],
    ['to_number with NUL', { format: 'csv', to_number: '1\u0000' }, ['to_number']],
    ['min_duration 61 minutes as M:S', { format: 'csv', min_duration: '61:00' }, ['min_duration']],
    ['max_duration beyond 1000 hours', { format: 'csv', max_duration: '1000:00:01' }, ['max_duration']],
    ['max below min', { format: 'csv', min_duration: '10', max_duration: '00:00:09' }, ['max_duration']],
    ['an unknown column', { format: 'csv', columns: 'call_id,\uD800' }, ['columns']],
    ['an empty column', { format: 'csv', columns: 'call_id,' }, ['columns']],
    ['bom 2', { format: 'csv', bom: '2' }, ['bom']],
    ['several at once', { format: 'pdf', limit: '0', direction: 'x' }, ['format', 'limit', 'direction']],
  ])('refuses %s', async (_name, query, fields) => {
    const { fields: refused } = await parse(query);
    expect(Object.keys(refused ?? {}).sort()).toEqual([...fields].sort());
  });
});
