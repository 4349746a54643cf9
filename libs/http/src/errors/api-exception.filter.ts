import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
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
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const failure = this.toFailure(exception);
    const { body, headers } = this.format(failure);
    if (reply.sent || reply.raw.headersSent) return;
    reply
      .headers(headers ?? {})
      .code(failure.status)
      .send(body);
  }

  private toFailure(exception: unknown): ApiFailure {
    if (exception instanceof AppError) {
      return { status: exception.status, message: exception.message, fields: exception.fields, code: exception.code };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Fastify's own 413 (a body over the route's limit), mapped by Nest to an HttpException.
      const message = status === 413 ? 'The request body is too large.' : httpMessage(exception);
      return { status, message, fields: {} };
    }
    const bodyError = asBodyError(exception) ?? asFastifyClientError(exception);
    if (bodyError) return { status: bodyError.status, message: bodyError.message, fields: {} };
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

/** The body parsers' refusals (http/body-parsers.ts): a 4xx `status` and a `type`. */
function asBodyError(exception: unknown): { status: number; message: string } | undefined {
  const candidate = exception as { type?: unknown; status?: unknown; message?: unknown } | null;
  if (
    candidate &&
    typeof candidate.type === 'string' &&
    typeof candidate.status === 'number' &&
    typeof candidate.message === 'string'
  ) {
    return candidate.status >= 400 && candidate.status < 500
      ? { status: candidate.status, message: candidate.message }
      : undefined;
  }
  return undefined;
}

/** Messages for Fastify's own 4xx errors, which otherwise quote internals (`FST_ERR_…`). */
const FASTIFY_MESSAGES: Record<number, string> = {
  408: 'The request was not received in time.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
};

/**
 * A 4xx Fastify raised on its own (a content length that lies, a body cut short, ...), or the
 * client going away while its body was still arriving (Node's `aborted`, which Fastify marks 400):
 * its status and our sentence, not a 500 with a stack in the log — nobody is there to read the
 * answer, and nothing on our side failed.
 */
function asFastifyClientError(exception: unknown): { status: number; message: string } | undefined {
  const candidate = exception as { code?: unknown; statusCode?: unknown } | null;
  if (!candidate || typeof candidate.code !== 'string') return undefined;
  const status = candidate.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (candidate.code === 'ECONNRESET') return { status, message: 'The client closed the connection before its request arrived.' };
  if (!candidate.code.startsWith('FST_')) return undefined;
  return { status, message: FASTIFY_MESSAGES[status] ?? 'The request could not be read.' };
}
