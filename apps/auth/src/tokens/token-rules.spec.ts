import { s256Challenge } from './pkce';
import { checkCodeRedemption, checkRefreshUse, type CodeState } from './token-rules';

const verifier = 'a'.repeat(43);
const now = new Date('2030-01-01T00:00:00Z');
const code = (overrides: Partial<CodeState> = {}): CodeState => ({
  clientId: 'client-1',
  redirectUri: 'https://app.example.com/cb',
  codeChallenge: s256Challenge(verifier),
  codeChallengeMethod: 'S256',
  expiresAt: new Date(now.getTime() + 60_000),
  usedAt: null,
  ...overrides,
});
const redemption = { clientId: 'client-1', redirectUri: 'https://app.example.com/cb', codeVerifier: verifier };

describe('authorization code redemption', () => {
  it('accepts a fresh code presented by its client with its redirect URI and verifier', () => {
    expect(checkCodeRedemption(code(), redemption, now)).toEqual({ kind: 'ok' });
  });

  it('reports a used code as a replay, whoever presents it', () => {
    expect(checkCodeRedemption(code({ usedAt: now }), redemption, now)).toEqual({ kind: 'replay' });
    expect(checkCodeRedemption(code({ usedAt: now }), { ...redemption, clientId: 'other' }, now)).toEqual({ kind: 'replay' });
  });

  it('refuses another client, an expired code and a different redirect URI', () => {
    expect(checkCodeRedemption(code(), { ...redemption, clientId: 'other' }, now).kind).toBe('invalid');
    expect(checkCodeRedemption(code({ expiresAt: now }), redemption, now).kind).toBe('invalid');
    expect(checkCodeRedemption(code(), { ...redemption, redirectUri: undefined }, now).kind).toBe('invalid');
    expect(checkCodeRedemption(code(), { ...redemption, redirectUri: 'https://app.example.com/cb/' }, now).kind).toBe('invalid');
  });

  it('refuses PKCE downgrades: missing verifier, wrong verifier, verifier without challenge', () => {
    expect(checkCodeRedemption(code(), { ...redemption, codeVerifier: undefined }, now).kind).toBe('invalid');
    expect(checkCodeRedemption(code(), { ...redemption, codeVerifier: 'b'.repeat(43) }, now).kind).toBe('invalid');
    expect(checkCodeRedemption(code({ codeChallenge: null, codeChallengeMethod: null }), redemption, now).kind).toBe('invalid');
    expect(
      checkCodeRedemption(
        code({ codeChallenge: null, codeChallengeMethod: null }),
        { ...redemption, codeVerifier: undefined },
        now,
      ),
    ).toEqual({ kind: 'ok' });
  });
});

describe('refresh token use', () => {
  const fresh = { expiresAt: new Date(now.getTime() + 1000), rotatedAt: null, revokedAt: null, grantRevokedAt: null };

  it('accepts a current token and detects reuse of a rotated one', () => {
    expect(checkRefreshUse(fresh, now)).toEqual({ kind: 'ok' });
    expect(checkRefreshUse({ ...fresh, rotatedAt: now }, now)).toEqual({ kind: 'reuse' });
  });

  it('refuses revoked (token or grant) and expired tokens', () => {
    expect(checkRefreshUse({ ...fresh, revokedAt: now }, now).kind).toBe('invalid');
    expect(checkRefreshUse({ ...fresh, rotatedAt: now, grantRevokedAt: now }, now).kind).toBe('invalid');
    expect(checkRefreshUse({ ...fresh, expiresAt: now }, now).kind).toBe('invalid');
  });
});
