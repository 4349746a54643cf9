import type { OAuthClientEntity } from '../oauth-clients/oauth-client.entity';
import { readAuthorizationParams, redirectWith, validateAuthorizationRequest } from './authorization-request';

const client = (confidential = false) =>
  ({ clientId: 'c1', redirectUri: 'https://app.example.com/cb', confidential, name: 'App' }) as OAuthClientEntity;
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const good = {
  client_id: 'c1',
  redirect_uri: 'https://app.example.com/cb',
  response_type: 'code',
  scope: 'view-users',
  state: 'xyz',
  code_challenge: challenge,
  code_challenge_method: 'S256',
};
const validate = (query: Record<string, unknown>, c: OAuthClientEntity | null = client()) =>
  validateAuthorizationRequest(readAuthorizationParams(query), c);

describe('authorization request validation', () => {
  it('accepts a complete S256 request', () => {
    const result = validate(good);
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok')
      expect(result.request).toMatchObject({ scopes: ['view-users'], state: 'xyz', codeChallengeMethod: 'S256' });
  });

  it('shows a page, never a redirect, for an unknown client or a redirect URI that is not exactly registered', () => {
    expect(validate(good, null).kind).toBe('page');
    expect(validate({ ...good, client_id: undefined }).kind).toBe('page');
    expect(validate({ ...good, redirect_uri: 'https://app.example.com/cb/' }).kind).toBe('page');
    expect(validate({ ...good, redirect_uri: 'https://evil.example/cb' }).kind).toBe('page');
    expect(validate({ ...good, redirect_uri: undefined }).kind).toBe('page');
    expect(validate({ ...good, redirect_uri: [good.redirect_uri, 'https://evil.example/cb'] }).kind).toBe('page');
  });

  it('redirects other errors with the state', () => {
    expect(validate({ ...good, response_type: 'token' })).toMatchObject({
      kind: 'redirect',
      error: 'unsupported_response_type',
      state: 'xyz',
    });
    expect(validate({ ...good, scope: 'admin' })).toMatchObject({ kind: 'redirect', error: 'invalid_scope' });
    expect(validate({ ...good, scope: undefined })).toMatchObject({ kind: 'redirect', error: 'invalid_scope' });
    expect(validate({ ...good, code_challenge_method: 'plain' })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(validate({ ...good, code_challenge_method: undefined })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(validate({ ...good, code_challenge: 'short' })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(validate({ ...good, scope: ['*', 'view-users'] })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
  });

  it('requires PKCE of public clients only', () => {
    const withoutPkce = { ...good, code_challenge: undefined, code_challenge_method: undefined };
    expect(validate(withoutPkce)).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(validate(withoutPkce, client(true)).kind).toBe('ok');
  });
});

describe('redirectWith', () => {
  it('adds parameters to the registered URI, keeping its own query', () => {
    expect(redirectWith('https://app.example.com/cb?tenant=1', { code: 'a b', state: undefined })).toBe(
      'https://app.example.com/cb?tenant=1&code=a+b',
    );
  });
});
