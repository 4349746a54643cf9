import type { ApiBodyOptions } from '@nestjs/swagger';
import type { ApiErrorsEntry } from '@suite/http';
import { ACCESS_TOKEN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT_TYPE, USER_ID_TOKEN_TYPE } from '@suite/contracts';

/**
 * The token endpoints' form bodies for the OpenAPI document. They are read by readForm, not by a
 * DTO (RFC 6749 forms: a parameter given twice is an error, an empty one is absent), so the
 * document would otherwise show no body at all and a client could not learn the fields.
 */
const field = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });

const CLIENT_FIELDS = {
  client_id: field('The client id (or HTTP Basic)'),
  client_secret: field('Confidential clients: the secret (or HTTP Basic)'),
};

export const TOKEN_REQUEST_BODY: ApiBodyOptions = {
  schema: {
    type: 'object',
    required: ['grant_type'],
    properties: {
      grant_type: field('authorization_code, refresh_token, or (internal callers) token exchange', {
        enum: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE_GRANT_TYPE],
        example: 'authorization_code',
      }),
      code: field('authorization_code: the code from the redirect'),
      redirect_uri: field('The registered redirect URI, identical to the one used at authorize'),
      code_verifier: field('authorization_code: the PKCE verifier (43–128 characters)'),
      refresh_token: field('refresh_token: the current refresh token'),
      scope: field('refresh_token: a narrower space-separated scope (optional)'),
      ...CLIENT_FIELDS,
      subject_token: field(`token exchange: the user id to act as (${USER_ID_TOKEN_TYPE})`),
      subject_token_type: field('token exchange', { enum: [USER_ID_TOKEN_TYPE] }),
      actor_token: field("token exchange: the admin's own access token"),
      actor_token_type: field('token exchange', { enum: [ACCESS_TOKEN_TOKEN_TYPE] }),
      requested_token_type: field('token exchange (optional)', { enum: [ACCESS_TOKEN_TOKEN_TYPE] }),
    },
  },
};

export const REFRESH_REQUEST_BODY: ApiBodyOptions = {
  schema: {
    type: 'object',
    required: ['grant_type', 'refresh_token', 'redirect_uri'],
    properties: {
      grant_type: field('Always refresh_token', { enum: ['refresh_token'], example: 'refresh_token' }),
      refresh_token: field('The current refresh token'),
      redirect_uri: field('The registered redirect URI'),
      scope: field('A narrower space-separated scope (optional)'),
      ...CLIENT_FIELDS,
    },
  },
};

/** RFC 6749 §5.2, as the token endpoints answer it (`error` names the code). */
export const TOKEN_ENDPOINT_ERRORS: ApiErrorsEntry = {
  400: 'invalid_request, invalid_grant, unsupported_grant_type, invalid_scope or invalid_target.',
  401: 'invalid_client: client authentication failed (with WWW-Authenticate when HTTP Basic was used).',
  429: 'slow_down: too many requests from this address or for this client; retry after Retry-After seconds.',
};
