import { verifyPkceS256 } from './pkce';

/** Seconds an authorization code lives (RFC 6749 §4.1.2 recommends at most 10 minutes; we keep 60 s). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** Seconds a refresh token lives after it was issued (each rotation issues a fresh one). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface CodeState {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface CodeRedemption {
  clientId: string;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
}

/** `replay`: the code was already redeemed — refuse and revoke its grant (RFC 6749 §4.1.2). */
export type CodeOutcome = { kind: 'ok' } | { kind: 'replay' } | { kind: 'invalid'; description: string };

/** The rules of RFC 6749 §4.1.3, RFC 7636 §4.6 and RFC 9700 §2.1.1 for one code redemption. */
export function checkCodeRedemption(code: CodeState, request: CodeRedemption, now: Date): CodeOutcome {
  if (code.usedAt) return { kind: 'replay' };
  if (code.clientId !== request.clientId)
    return { kind: 'invalid', description: 'The authorization code was issued to another client.' };
  if (now.getTime() >= code.expiresAt.getTime()) return { kind: 'invalid', description: 'The authorization code has expired.' };
  if (request.redirectUri !== code.redirectUri) {
    return { kind: 'invalid', description: 'redirect_uri differs from the one of the authorization request.' };
  }
  if (code.codeChallenge) {
    if (code.codeChallengeMethod !== 'S256' || !verifyPkceS256(request.codeVerifier, code.codeChallenge)) {
      return { kind: 'invalid', description: 'code_verifier is missing or does not match the code_challenge.' };
    }
  } else if (request.codeVerifier !== undefined) {
    // PKCE downgrade (RFC 9700 §2.1.1): no challenge was sent, so a verifier is refused.
    return { kind: 'invalid', description: 'code_verifier sent, but the authorization request had no code_challenge.' };
  }
  return { kind: 'ok' };
}

export interface RefreshState {
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  grantRevokedAt: Date | null;
}

/** `reuse`: a rotated token came back — revoke the family (RFC 9700 §4.14.2). */
export type RefreshOutcome = { kind: 'ok' } | { kind: 'reuse' } | { kind: 'invalid'; description: string };

export function checkRefreshUse(token: RefreshState, now: Date): RefreshOutcome {
  if (token.revokedAt || token.grantRevokedAt) return { kind: 'invalid', description: 'The refresh token has been revoked.' };
  if (token.rotatedAt) return { kind: 'reuse' };
  if (now.getTime() >= token.expiresAt.getTime()) return { kind: 'invalid', description: 'The refresh token has expired.' };
  return { kind: 'ok' };
}
