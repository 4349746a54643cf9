const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a redirect URI cannot be registered, or null when it can: an absolute https URL (http
 * only for loopback, RFC 8252 §7.3 / OAuth 2.1 §2.3.1), no fragment (RFC 6749 §3.1.2), no
 * credentials, no whitespace. Stored as given and later compared by exact string equality.
 */
export function redirectUriProblem(raw: string): string | null {
  if (raw.length === 0 || raw.length > 2000) return 'must be a URL of at most 2000 characters';
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return 'must not contain whitespace or control characters';
  if (raw.includes('#')) return 'must not contain a fragment';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL including its protocol';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https (or http for a loopback address)';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    return 'must use https unless it points to a loopback address';
  if (url.username || url.password) return 'must not contain credentials';
  if (!raw.toLowerCase().startsWith(`${url.protocol}//`)) return 'must be an absolute URL including its protocol';
  return null;
}

/** Exact string comparison (RFC 9700 §2.1): no normalisation, no prefix or pattern matching. */
export const redirectUriMatches = (registered: string, presented: string | undefined): boolean =>
  presented !== undefined && presented === registered;
