// A consumer of the authorization server, written against the client generated from its
// /docs-json (openapi-clients.spec.ts generates `./auth.openapi` beside a copy of this file and
// type-checks both). If the document loses a request field, a 2xx body or the error shape,
// this stops compiling.
import createClient from 'openapi-fetch';
import type { components, paths } from './auth.openapi';

const expectType = <T>(value: T): T => value;
const form = (body: unknown) => new URLSearchParams(body as Record<string, string>);

export async function exchangeAndManage(code: string, redirectUri: string): Promise<string> {
  const oauth = createClient<paths>({ baseUrl: 'http://127.0.0.1:3002' });
  const tokens = await oauth.POST('/oauth/token', {
    body: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'client' },
    bodySerializer: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (tokens.error) {
    const failure: components['schemas']['ApiError'] = tokens.error;
    return `${failure.error}: ${failure.error_description}`;
  }
  expectType<string>(tokens.data.access_token);

  const refreshed = await oauth.POST('/oauth/token/refresh', {
    body: { grant_type: 'refresh_token', refresh_token: 'r', redirect_uri: redirectUri, client_id: 'client' },
    bodySerializer: form,
  });
  expectType<string | undefined>(refreshed.data?.refresh_token);

  const api = createClient<paths>({
    baseUrl: 'http://127.0.0.1:3002',
    headers: { authorization: `Bearer ${tokens.data.access_token}` },
  });
  const created = await api.POST('/oauth/personal-access-tokens', { body: { name: 'CI', scopes: ['*'] } });
  if (created.error) return created.error.message;
  expectType<string>(created.data.token);
  // @ts-expect-error scopes are required
  await api.POST('/oauth/personal-access-tokens', { body: { name: 'CI' } });

  const key = await api.POST('/oauth/api-keys', { body: { name: 'Website' } });
  expectType<string | undefined>(key.data?.api_key);
  const clients = await api.GET('/oauth/clients', { params: { query: { company_id: '12' } } });
  expectType<boolean | undefined>(clients.data?.clients[0]?.confidential);
  const rotated = await api.POST('/oauth/clients/{clientId}/secret', { params: { path: { clientId: 'c' } } });
  expectType<string | undefined>(rotated.data?.client_secret);

  const metadata = await oauth.GET('/.well-known/oauth-authorization-server');
  const keys = await oauth.GET('/.well-known/jwks.json');
  return `${metadata.data?.issuer} ${keys.data?.keys[0]?.kid}`;
}
