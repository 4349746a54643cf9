import { Inject, Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { Transform, pipeline, type Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AppError, CLOCK, ENVIRONMENT, type Clock } from '@suite/runtime';
import type { PlatformEnvironment } from '../../config/platform-environment';
import { CompaniesService } from '../../companies/companies.service';
import { callHistoryDays } from '../ranges/call-history-ranges';
import { localToday, reportWindow } from '../ranges/report-window';
import { localMidnightUtc, nextLocalDate } from '../../shared/local-day';
import { callHistorySelect, type ExportInstants } from './call-history-query';
import { csvCell } from './csv-cell';
import { exportFileName } from './export-file-name';
import type { ExportRequest } from './export-request';

/** Rows fetched from the cursor per round trip: small enough to stay light, large enough to be quick. */
export const EXPORT_BATCH_SIZE = 250;

export const NO_CALLS_MATCH = 'No calls match the filters.';
export const TOO_MANY_EXPORTS = 'Too many exports are in progress; try again in a moment.';

/** A started export: its file name and the CSV bytes, streamed from the database cursor. */
export interface CallHistoryDownload {
  fileName: string;
  body: Readable;
}

/**
 * The call-history CSV, streamed: a PostgreSQL cursor (pg-query-stream) on a connection of its
 * own, through csv-stringify, with backpressure end to end — the file is never held in memory.
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
    @Inject(ENVIRONMENT) private readonly env: PlatformEnvironment,
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
      cursor = client.query(new QueryStream(sql, parameters, { batchSize: EXPORT_BATCH_SIZE }));
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

    const timeZone = company.timezone;
    const columns = request.columns;
    let headerWritten = false;
    const toRecords = new Transform({
      objectMode: true,
      highWaterMark: EXPORT_BATCH_SIZE,
      transform(row: Record<string, unknown>, _encoding, done) {
        if (!headerWritten) {
          headerWritten = true;
          this.push(columns.map((column) => column.label));
        }
        done(
          null,
          columns.map((column) => csvCell(column.cell(row[column.key], timeZone), column.kind)),
        );
      },
    });
    // The row already read goes in first; the cursor's rest follows it through the pipe.
    toRecords.write(first);
    const body = pipeline(cursor, toRecords, stringify({ bom: request.bom, eof: true }), (error) => {
      releaseAfterStart();
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        this.logger.warn({ err: error }, 'call-history export failed mid-stream');
    });
    return { fileName: exportFileName(company.name, now, timeZone), body };
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
