import type { ErrorBodyFormatter, ErrorBodySchema } from '@suite/http';

/**
 * RFC 6749 error codes for failures that did not name one themselves. The token endpoints name
 * `invalid_client` explicitly (tokenError), so an unnamed 401 is a refused bearer token on a
 * management route: RFC 6750 §3.1 `invalid_token`.
 */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_token',
  403: 'access_denied',
  404: 'not_found',
  405: 'invalid_request',
  408: 'invalid_request',
  409: 'invalid_request',
  413: 'invalid_request',
  414: 'invalid_request',
  415: 'invalid_request',
  422: 'invalid_request',
  431: 'invalid_request',
  429: 'slow_down',
  503: 'temporarily_unavailable',
};

/**
 * The authorization server's error body, `{ error, error_description, message }` (RFC 6749 §5.2
 * plus the spec's `message`), never cached.
 */
export const formatAuthError: ErrorBodyFormatter = (failure) => ({
  body: {
    error: failure.code ?? CODE_BY_STATUS[failure.status] ?? 'server_error',
    error_description: failure.message,
    message: failure.message,
  },
  headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
});

/** The same body in the OpenAPI document (`ApiError`): what formatAuthError writes. */
export const AUTH_ERROR_BODY: ErrorBodySchema = {
  type: 'object',
  required: ['error', 'error_description', 'message'],
  properties: {
    error: {
      type: 'string',
      description:
        'An RFC 6749 §5.2 / RFC 6750 §3.1 code: invalid_request, invalid_client, invalid_grant, unsupported_grant_type, ' +
        'invalid_scope, invalid_token, access_denied, not_found, slow_down, temporarily_unavailable, …',
      example: 'invalid_request',
    },
    error_description: { type: 'string', description: 'What went wrong, for the developer' },
    message: { type: 'string', description: 'The same sentence (the spec’s field)' },
  },
};
