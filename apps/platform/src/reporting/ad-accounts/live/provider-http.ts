import { AdPlatformUnavailableError } from '../ad-platform.port';

/** How long one call to a provider may take before it counts as unavailable (the sync job has a minute). */
export const PROVIDER_TIMEOUT_MS = 20_000;

/** A provider's answer: status, headers, and the body parsed as JSON (undefined when it is not JSON). */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One HTTP call to a provider with `fetch`: never retried here (the sync queue decides, and no
 * call of an ad platform changes anything, so asking again is always safe). A call that does not
 * complete — refused connection, reset, timeout — is AdPlatformUnavailableError naming `who`, never
 * the URL (it may carry a token); an answer of any status is returned for the adapter to read.
 */
export async function callProvider(who: string, url: URL, init: RequestInit = {}): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'cannot be reached';
    throw new AdPlatformUnavailableError(`${who} ${reason}.`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status >= 500 || (body === undefined && !response.ok)) {
    throw new AdPlatformUnavailableError(`${who} answered ${response.status}.`);
  }
  return { status: response.status, headers: response.headers, body };
}

/** A plain object's field, or undefined. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^[0-9]+$/.test(value)
      ? Number(value)
      : undefined;
