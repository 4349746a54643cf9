import { FULL_ACCESS_SCOPE, isScope, type Scope } from '@suite/contracts';

/**
 * Parses an RFC 6749 §3.3 scope parameter: scope tokens separated by single spaces, each `*`
 * (full access) or a permission name. Returns the distinct scopes in a stable order
 * (`*` absorbs the rest), or null when the value is empty or names an unknown scope.
 */
export function parseScope(raw: string | undefined): Scope[] | null {
  if (raw === undefined || raw.length === 0) return null;
  const tokens = raw.split(' ');
  if (tokens.some((token) => !isScope(token))) return null;
  const scopes = [...new Set(tokens as Scope[])];
  if (scopes.includes(FULL_ACCESS_SCOPE)) return [FULL_ACCESS_SCOPE];
  return scopes.sort();
}

/**
 * The scopes a refresh may ask for: a subset of what was granted (RFC 6749 §6: never wider).
 * `*` covers every permission; asking for `*` needs a `*` grant. Null when the request widens.
 */
export function narrowScopes(granted: readonly string[], requested: readonly Scope[]): Scope[] | null {
  const full = granted.includes(FULL_ACCESS_SCOPE);
  for (const scope of requested) {
    if (scope === FULL_ACCESS_SCOPE ? !full : !full && !granted.includes(scope)) return null;
  }
  return [...requested];
}

export const formatScope = (scopes: readonly string[]): string => scopes.join(' ');
