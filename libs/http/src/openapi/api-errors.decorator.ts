import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { apiErrorContent } from './api-error-schema';

/** What a status means when the route says nothing more precise. */
export const ERROR_REASONS = {
  400: 'The request is not valid; the message says what to fix.',
  401: 'Missing or refused credentials.',
  403: 'The credentials do not allow this.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  414: 'A path parameter is too long.',
  415: 'The body is not of a media type this route reads.',
  422: 'Well-formed, but refused by a rule of the API.',
  429: 'Too many requests; retry after Retry-After seconds.',
  500: 'Internal error; the message quotes an error id to report.',
  503: 'Temporarily unavailable; retry later.',
} as const;

export type ErrorStatus = keyof typeof ERROR_REASONS;

/** A status with its generic reason, or statuses with the route's own reasons: `{ 409: 'too late to cancel' }`. */
export type ApiErrorsEntry = ErrorStatus | Partial<Record<ErrorStatus, string>>;

/**
 * Documents the error answers a route (or every route of a controller) gives, each in the app's
 * own error body (`ApiError`, declared once per app): `@ApiErrors(404, { 409: 'too late to cancel' })`.
 * The answers every route can give — 400 for a malformed request, 413/415 with a body, 414 with a
 * path parameter, 500 — are added to every operation by the document builder (error-answers.ts);
 * the authentication decorators add 401 and 403.
 */
export const ApiErrors = (...entries: ApiErrorsEntry[]) =>
  applyDecorators(
    ...entries
      .flatMap((entry): Array<[string, string]> =>
        typeof entry === 'number' ? [[String(entry), ERROR_REASONS[entry]]] : Object.entries(entry),
      )
      .map(([status, description]) => ApiResponse({ status: Number(status), description, content: apiErrorContent() })),
  );
