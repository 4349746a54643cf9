import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { Transform, pipeline, type Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { CallHistoryEnvironment } from './call-history-environment';
import { CompaniesService } from '../../directory';
import { callHistoryDays } from '../ranges/call-history-ranges';
import { localToday, reportWindow } from '../ranges/report-window';
import { localMidnightUtc, nextLocalDate } from '../../shared/local-day';
import { callHistorySelect, type ExportInstants } from './call-history-query';
import { exportFileName } from './export-file-name';
import type { CallHistoryColumn } from './call-history-columns';
import type { ExportRequest } from './export-request';

/** Rows fetched from the cursor per round trip: small enough to stay light, large enough to be quick. */
export const EXPORT_BATCH_SIZE = 250;
/** Lines are passed on in chunks of about this many characters (one socket write each), the first one at once. */
const CHUNK_CHARS = 16_384;
const BOM = '\uFEFF';

export const NO_CALLS_MATCH = 'No calls match the filters.';
export const TOO_MANY_EXPORTS = 'Too many exports are in progress; try again in a moment.';

/** A started export: its file name and the CSV bytes, streamed from the database cursor. */
export interface CallHistoryDownload {
  fileName: string;
  body: Readable;
}

/**
 * The call-history CSV, streamed: a PostgreSQL cursor (pg-query-stream) on a connection of its
 * own, whose rows are the file's lines — PostgreSQL formats, neutralises and quotes every cell
 * (call-history-columns.ts, csv-sql.ts) — with backpressure end to end: the file is never held in
 * memory.
 * The first row is read before anything is sent, so "no rows" is a plain 404. Destroying the
 * returned body (the client went away) destroys the whole pipeline: the cursor is closed and the
 * connection goes back to the pool at once.
 */
@Injectable()
export class CallHistoryExport {
  private readonly logger = new Logger(CallHistoryExport.name);
  /** Exports holding a connection now (PLATFORM_EXPORT_CONCURRENCY at most): slow readers cannot drain the pool. */
  private streaming = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompaniesService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly env: CallHistoryEnvironment,
  ) {}

  async start(companyId: string, request: ExportRequest): Promise<CallHistoryDownload> {
    if (this.streaming >= this.env.PLATFORM_EXPORT_CONCURRENCY) throw new AppError('rate_limited', TOO_MANY_EXPORTS);
    this.streaming += 1;
    try {
      return await this.stream(companyId, request, () => (this.streaming -= 1));
    } catch (error) {
      this.streaming -= 1;
      throw error;
    }
  }

  /** `done` runs once, when the connection is given back (after the last byte, an error or an abort); not when this throws. */
  private async stream(companyId: string, request: ExportRequest, done: () => void): Promise<CallHistoryDownload> {
    const company = await this.companies.get(companyId);
    const now = this.clock.now();
    const [sql, parameters] = callHistorySelect(
      this.dataSource,
      companyId,
      request,
      this.instants(request, company.timezone, now),
      company.timezone,
    ).getQueryAndParameters();

    const runner = this.dataSource.createQueryRunner();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      runner.release().catch((error: unknown) => this.logger.warn({ err: error }, 'export connection release failed'));
    };
    const releaseAfterStart = () => {
      if (released) return;
      release();
      done();
    };
    let cursor: QueryStream;
    let first: unknown;
    try {
      const client = (await runner.connect()) as PoolClient;
      cursor = client.query(new QueryStream(sql, parameters, { batchSize: EXPORT_BATCH_SIZE, rowMode: 'array' }));
      first = await firstRow(cursor);
    } catch (error) {
      release();
      throw error;
    }
    if (first === null) {
      cursor.destroy();
      release();
      throw new AppError('not_found', NO_CALLS_MATCH);
    }

    const header = `${request.bom ? BOM : ''}${csvHeader(request.columns)}\n`;
    const toLines = linesOf(header);
    // The row already read goes in first; the cursor's rest follows it through the pipe.
    toLines.write(first);
    const body = pipeline(cursor, toLines, (error) => {
      releaseAfterStart();
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        this.logger.warn({ err: error }, 'call-history export failed mid-stream');
    });
    return { fileName: exportFileName(company.name, now, company.timezone), body };
  }

  /** The window's instants: a preset counted from the company's today, or local days with either end open. */
  private instants(request: ExportRequest, timeZone: string, now: Date): ExportInstants {
    const days = request.days;
    if (!days) return {};
    if ('preset' in days) return reportWindow(callHistoryDays(days.preset, localToday(now, timeZone)), timeZone);
    return {
      start: days.from ? localMidnightUtc(days.from, timeZone) : undefined,
      end: days.to ? localMidnightUtc(nextLocalDate(days.to), timeZone) : undefined,
    };
  }
}

/**
 * The header line: the labels, which hold no character CSV would quote (call-history-columns.spec.ts)
 * and none a spreadsheet could take for a formula.
 */
export const csvHeader = (columns: readonly CallHistoryColumn[]): string => columns.map((column) => column.label).join(',');

/**
 * Rows (`[line]`) in, the file's text out: `header` and the first line at once (the time to the
 * first byte), then the lines in chunks of about CHUNK_CHARS, the rest when the cursor ends.
 */
function linesOf(header: string): Transform {
  let pending = header;
  let first = true;
  return new Transform({
    writableObjectMode: true,
    writableHighWaterMark: EXPORT_BATCH_SIZE,
    transform(row: [string], _encoding, done) {
      pending += `${row[0]}\n`;
      if (first || pending.length >= CHUNK_CHARS) {
        first = false;
        const chunk = pending;
        pending = '';
        done(null, chunk);
      } else done();
    },
    flush(done) {
      done(null, pending || undefined);
    },
  });
}

/** The stream's first row (the caller passes it on before piping the rest), or null when it ends empty. */
function firstRow(stream: Readable): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      const row: unknown = stream.read();
      if (row !== null) {
        cleanup();
        resolve(row);
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
