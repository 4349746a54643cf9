import type { FastifyRequest } from 'fastify';
import { hasMediaType, textProblem } from '@suite/http';
import { tokenError } from '../shared/oauth-errors';

export type FormParams = Readonly<Record<string, string>>;

/**
 * The token endpoints' parameters (RFC 6749 §3.2): form-encoded only, each at most once; a
 * parameter without a value counts as omitted.
 */
export function readForm(request: FastifyRequest): FormParams {
  if (!hasMediaType(request, 'application/x-www-form-urlencoded')) {
    throw tokenError('invalid_request', 'The request body must be application/x-www-form-urlencoded.');
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) throw tokenError('invalid_request', `Parameter ${name} is repeated.`);
    if (typeof value === 'string' && value.length > 0) params[name] = value;
  }
  return params;
}

export function required(params: FormParams, name: string): string {
  const value = params[name];
  if (value === undefined) throw tokenError('invalid_request', `Parameter ${name} is required.`);
  return value;
}

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface PresentedClient {
  clientId: string;
  secret: string | undefined;
  method: ClientAuthMethod;
}

/**
 * Who the caller says it is (RFC 6749 §2.3): HTTP Basic with form-encoded id and secret, or
 * `client_id` (+ `client_secret`) in the body — never both ways at once.
 */
export function presentedClient(authorization: string | undefined, params: FormParams): PresentedClient {
  if (authorization !== undefined && /^basic /i.test(authorization)) {
    if (params.client_secret !== undefined) throw tokenError('invalid_request', 'Use one client authentication method, not two.');
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) throw tokenError('invalid_client', 'Malformed HTTP Basic client credentials.');
    let clientId: string;
    let secret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw tokenError('invalid_client', 'Malformed HTTP Basic client credentials.');
    }
    // The header is percent-decoded here, after the checks every form and query passed (a NUL reached PostgreSQL).
    if (textProblem(clientId) || textProblem(secret))
      throw tokenError('invalid_client', 'Malformed HTTP Basic client credentials.');
    if (params.client_id !== undefined && params.client_id !== clientId) {
      throw tokenError('invalid_request', 'client_id differs from the authenticated client.');
    }
    return { clientId, secret, method: 'client_secret_basic' };
  }
  const clientId = params.client_id;
  if (clientId === undefined) throw tokenError('invalid_client', 'Client authentication is required (client_id).');
  const secret = params.client_secret;
  return { clientId, secret, method: secret === undefined ? 'none' : 'client_secret_post' };
}

const formDecode = (value: string): string => decodeURIComponent(value.replace(/\+/g, ' '));
