import http from 'node:http';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { rssMb } from '../workflows/memory-sampler';

export interface ExportFigures {
  /** Request sent → first byte of the body, ms. */
  ttfbMs: number;
  totalMs: number;
  rows: number;
  rowsPerSecond: number;
  /** The platform's peak RSS during the export over its RSS just before, MB (null for the baseline). */
  rssGrowthMb: number | null;
}

const figures = (
  started: number,
  firstByte: number,
  ended: number,
  text: Buffer[],
  rssGrowthMb: number | null,
): ExportFigures => {
  // One row per line after the header; the seeded transcripts hold no line break.
  let newlines = 0;
  for (const chunk of text) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  const rows = Math.max(0, newlines - 1);
  const totalMs = ended - started;
  return { ttfbMs: firstByte - started, totalMs, rows, rowsPerSecond: totalMs > 0 ? (rows * 1000) / totalMs : 0, rssGrowthMb };
};

/**
 * One GET /api/ai/call-history/export?format=csv&limit=<rows>, read to its end over node:http (so
 * the first body byte is seen as it arrives), the platform's RSS sampled every `sampleMs` from just
 * before the request to the last byte.
 */
export async function timeExport(
  appUrl: string,
  token: string,
  options: { rows: number; pid: number; sampleMs: number },
): Promise<ExportFigures> {
  const url = new URL(`/api/ai/call-history/export?format=csv&limit=${options.rows}`, appUrl);
  const before = rssMb(options.pid);
  let peak = before;
  const sampler = setInterval(() => {
    const value = rssMb(options.pid);
    if (value !== null && (peak === null || value > peak)) peak = value;
  }, options.sampleMs);
  try {
    const started = performance.now();
    const { firstByte, chunks } = await new Promise<{ firstByte: number; chunks: Buffer[] }>((resolve, reject) => {
      const request = http.get(url, { headers: { authorization: `Bearer ${token}` }, timeout: 60_000 }, (response) => {
        const chunks: Buffer[] = [];
        let firstByte = 0;
        response.on('data', (chunk: Buffer) => {
          if (firstByte === 0) firstByte = performance.now();
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(
              new Error(
                `GET ${url.pathname}${url.search} answered ${response.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`,
              ),
            );
          else resolve({ firstByte, chunks });
        });
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('export timed out after 60 s')));
      request.on('error', reject);
    });
    const ended = performance.now();
    const after = rssMb(options.pid);
    if (after !== null && (peak === null || after > peak)) peak = after;
    return figures(started, firstByte, ended, chunks, before === null || peak === null ? null : peak - before);
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The floor: PostgreSQL's own CSV of the same columns, joins and rows (the company's calls with an
 * agent, newest first), COPY … TO STDOUT through pg-copy-streams on an open connection.
 */
export async function timeCopy(client: Client, companyId: string, rows: number): Promise<ExportFigures> {
  if (!/^[0-9]+$/.test(companyId)) throw new Error(`not a company id: ${companyId}`);
  const sql = `COPY (SELECT ${EXPORT_COLUMNS} FROM platform.calls c
                      LEFT JOIN platform.agents ag ON ag.id = c.agent_id AND ag.company_id = ${companyId}
                      LEFT JOIN platform.contacts ct ON ct.id = c.contact_id AND ct.company_id = ${companyId}
                      WHERE c.company_id = ${companyId} AND c.agent_id IS NOT NULL
                      ORDER BY c.started_at DESC, c.id DESC LIMIT ${rows}) TO STDOUT WITH CSV HEADER`;
  const started = performance.now();
  const stream = client.query(copyTo(sql));
  const chunks: Buffer[] = [];
  let firstByte = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (firstByte === 0) firstByte = performance.now();
    chunks.push(chunk);
  }
  return figures(started, firstByte, performance.now(), chunks, null);
}

/**
 * The columns the platform's export writes by default (call-history-columns.ts, in its order), with
 * its two joins, as plain SQL: PostgreSQL formats the values itself (ISO instants, not the
 * platform's local times; seconds, not "1m 05s").
 */
export const EXPORT_COLUMNS = [
  'c.call_id',
  'c.started_at',
  'c.agent_id',
  'ag.name AS agent_name',
  "NULLIF(concat_ws(' ', ct.first_name, ct.last_name), '') AS contact_name",
  'c.direction',
  'c.caller_number',
  'c.called_number',
  'c.status',
  'c.duration_seconds AS duration',
  'c.duration_seconds',
  "coalesce(c.sentiment, 'Unknown') AS user_sentiment",
  'c.call_successful',
  'c.hangup_reason',
  'c.disposition',
  "array_to_string(c.tags, '; ') AS tags",
  'c.recording_url',
  'c.transcription AS transcript',
].join(', ');
