import { FULL_ACCESS_SCOPE, isScope, type Scope } from '@suite/contracts';

/**
 * A token's scopes as stored: `["*"]` (full access) or distinct permission names, sorted. Returns
 * the problem instead when the list is empty, names an unknown scope or mixes `*` with others.
 */
export function personalAccessTokenScopes(requested: readonly string[]): { scopes: Scope[] } | { problem: string } {
  if (requested.length === 0) return { problem: 'scopes must list "*" or at least one permission' };
  const unknown = requested.filter((scope) => !isScope(scope));
  if (unknown.length > 0) return { problem: `scopes names unknown scopes: ${unknown.join(', ')}` };
  const scopes = [...new Set(requested as Scope[])];
  if (scopes.includes(FULL_ACCESS_SCOPE)) {
    return scopes.length === 1 ? { scopes } : { problem: 'scopes must be ["*"] alone or a list of permissions, not both' };
  }
  return { scopes: scopes.sort() };
}

/** Why an expiry cannot be used, or null: it must be a valid instant after `now` (null means never). */
export function expiryProblem(expiresAt: Date | null, now: Date): string | null {
  if (expiresAt === null) return null;
  if (Number.isNaN(expiresAt.getTime())) return 'expires_at must be an ISO 8601 date';
  if (expiresAt.getTime() <= now.getTime()) return 'expires_at must be in the future';
  return null;
}

/**
 * Managing personal access tokens needs no permission, only a full-access credential of the user
 * themself: a narrowly scoped token must not mint a wider one, and an admin acting as the user
 * (login-as) must not leave a long-lived token behind. Returns why the caller may not, or null.
 */
export function patManagementRefusal(principal: { scopes: readonly string[]; actorUserId?: string }): string | null {
  if (principal.actorUserId !== undefined) return 'Personal access tokens cannot be managed while acting as another user.';
  if (!principal.scopes.includes(FULL_ACCESS_SCOPE))
    return 'Managing personal access tokens needs a token with full access (scope "*").';
  return null;
}
