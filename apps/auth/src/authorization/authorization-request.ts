import type { Scope } from '@suite/contracts';
import type { OAuthClientEntity } from '../oauth-clients/oauth-client.entity';
import { redirectUriMatches } from '../oauth-clients/redirect-uri';
import { parseScope } from '../shared/scopes';
import { S256_CHALLENGE } from '../tokens/pkce';

/** The parameters of an authorization request, carried from the query into the login and consent forms. */
export const AUTHORIZATION_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;
export type AuthorizationParamName = (typeof AUTHORIZATION_PARAMS)[number];

export interface RawAuthorizationParams {
  values: Partial<Record<AuthorizationParamName, string>>;
  /** Parameters given more than once (RFC 6749 §3.1: invalid_request). */
  repeated: AuthorizationParamName[];
}

export interface AuthorizationRequest {
  client: OAuthClientEntity;
  redirectUri: string;
  scopes: Scope[];
  state: string | undefined;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | null;
  /** The validated parameters, to carry through the forms. */
  params: Partial<Record<AuthorizationParamName, string>>;
}

export type AuthorizationValidation =
  /** The client or redirect URI cannot be trusted: show an error page, never redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'page'; description: string }
  /** Report to the client at its registered redirect URI. */
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string }
  | { kind: 'ok'; request: AuthorizationRequest };

/** Picks the authorization parameters out of a query or form; an empty value counts as absent. */
export function readAuthorizationParams(source: Record<string, unknown>): RawAuthorizationParams {
  const values: Partial<Record<AuthorizationParamName, string>> = {};
  const repeated: AuthorizationParamName[] = [];
  for (const name of AUTHORIZATION_PARAMS) {
    const value = source[name];
    if (Array.isArray(value)) repeated.push(name);
    else if (typeof value === 'string' && value.length > 0) values[name] = value;
  }
  return { values, repeated };
}

/**
 * RFC 6749 §4.1.1 / §4.1.2.1, RFC 7636 §4.4, OAuth 2.1: the client and redirect URI first
 * (errors there are shown, not redirected), then everything else (errors go back to the client).
 */
export function validateAuthorizationRequest(
  raw: RawAuthorizationParams,
  client: OAuthClientEntity | null,
): AuthorizationValidation {
  const { values, repeated } = raw;
  if (repeated.includes('client_id') || !values.client_id)
    return { kind: 'page', description: 'The request names no client (client_id).' };
  if (!client) return { kind: 'page', description: 'The application (client_id) is not registered.' };
  if (repeated.includes('redirect_uri') || !redirectUriMatches(client.redirectUri, values.redirect_uri)) {
    return { kind: 'page', description: 'The redirect_uri is not the one registered for this application.' };
  }
  const redirectUri = client.redirectUri;
  const state = repeated.includes('state') ? undefined : values.state;
  const fail = (error: string, description: string): AuthorizationValidation => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });

  if (repeated.length > 0) return fail('invalid_request', `Parameter ${repeated[0]} is repeated.`);
  if (!values.response_type) return fail('invalid_request', 'response_type is required.');
  if (values.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const scopes = parseScope(values.scope);
  if (!scopes) return fail('invalid_scope', 'scope must be `*` or space-separated permission names.');
  if (state !== undefined && state.length > 1024) return fail('invalid_request', 'state is longer than 1024 characters.');

  const challenge = values.code_challenge;
  const method = values.code_challenge_method;
  if (challenge === undefined) {
    if (method !== undefined) return fail('invalid_request', 'code_challenge_method without code_challenge.');
    if (!client.confidential)
      return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  } else {
    // Absent method means `plain` (RFC 7636 §4.3); only S256 is accepted (RFC 9700 §2.1.1).
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!S256_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be 43 base64url characters.');
  }

  const params: Partial<Record<AuthorizationParamName, string>> = {};
  for (const name of AUTHORIZATION_PARAMS) if (values[name] !== undefined) params[name] = values[name];
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      scopes,
      state,
      codeChallenge: challenge ?? null,
      codeChallengeMethod: challenge ? 'S256' : null,
      params,
    },
  };
}

/** The registered redirect URI with response parameters added to its query (RFC 6749 §4.1.2). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
