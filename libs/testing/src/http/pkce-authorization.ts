import { createHash, randomBytes } from 'node:crypto';

export interface PkceAuthorization {
  /** `${base}/login/oauth/authorize?…` (a path alone when base is ''). */
  url: string;
  /** Redeems the code the request ends with (`code_verifier`). */
  verifier: string;
  state: string;
}

/** An authorization-code request with PKCE S256 (RFC 7636), as a client builds it: a fresh verifier and state. */
export function pkceAuthorization(
  base: string,
  request: { clientId: string; redirectUri: string; scope: string },
): PkceAuthorization {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  return { url: `${base}/login/oauth/authorize?${query.toString()}`, verifier, state };
}
