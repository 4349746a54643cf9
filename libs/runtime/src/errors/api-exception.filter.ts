import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { AppError } from './app-error';

/** What a failure looks like before an API puts it into its own body shape. */
export interface ApiFailure {
  status: number;
  message: string;
  fields: Record<string, string[]>;
  code?: string;
  /** Set for 500s: quoted to the caller, logged with the stack. */
  errorId?: string;
}

export type ErrorBodyFormatter = (failure: ApiFailure) => { body: unknown; headers?: Record<string, string> };

/**
 * Maps every error to one failure and hands it to the app's formatter. AppErrors carry their
 * kind; HttpExceptions (404 for an unknown route, 413 from the body parser, ...) keep their
 * status; anything else is a bug: 500 with an error id, internals hidden, stack logged.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly format: ErrorBodyFormatter) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const failure = this.toFailure(exception);
    const { body, headers } = this.format(failure);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
    response.status(failure.status).json(body);
  }

  private toFailure(exception: unknown): ApiFailure {
    if (exception instanceof AppError) {
      return { status: exception.status, message: exception.message, fields: exception.fields, code: exception.code };
    }
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), message: httpMessage(exception), fields: {} };
    }
    const bodyParserStatus = statusOfBodyParserError(exception);
    if (bodyParserStatus) {
      return { status: bodyParserStatus, message: bodyParserMessage(bodyParserStatus), fields: {} };
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, error_id: errorId }, 'unhandled error');
    return { status: 500, message: `Internal error (error id ${errorId}).`, fields: {}, errorId };
  }
}

function httpMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** body-parser errors (malformed JSON, too large) arrive as plain errors with a status. */
function statusOfBodyParserError(exception: unknown): number | undefined {
  const candidate = exception as { type?: unknown; status?: unknown } | null;
  if (candidate && typeof candidate.type === 'string' && typeof candidate.status === 'number') {
    return candidate.status >= 400 && candidate.status < 500 ? candidate.status : undefined;
  }
  return undefined;
}

function bodyParserMessage(status: number): string {
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Unsupported content type or charset.';
  return 'The request body is not valid JSON.';
}
