import { CarrierOutcomeUnknownError, CarrierUnavailableError } from '../carrier-errors';

/** One provider answer: status, headers and the body as text (parsed by the adapter). */
export interface ProviderAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body as JSON; undefined when it is not JSON. */
  json(): unknown;
}

export interface ProviderRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Whether a lost answer leaves the provider's state unknown (a send) or changes nothing (a read). */
  readonly writes: boolean;
}

/**
 * Errors of the connection that prove the request never reached the provider: nothing was sent,
 * so trying again later is safe. Any other failure after the request may have been written
 * (a reset, a closed socket, a timeout) leaves a send's outcome unknown.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * One HTTP request to a provider with plain `fetch`: exactly one attempt — no client-side retry
 * (the providers have no idempotency key; the scheduler's queue decides when to try again, after
 * looking a lost hand-off up: decision 0038) — bounded by `timeoutMs`. A connection refused or a
 * name that does not resolve is CarrierUnavailableError; a failure once the request may have left
 * is CarrierOutcomeUnknownError for a write (its outcome is unknown), CarrierUnavailableError for
 * a read. HTTP statuses are the adapter's to judge.
 */
export async function providerRequest(provider: string, request: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer> {
  let answer: Response;
  try {
    answer = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw connectionFailure(provider, request, error, timeoutMs);
  }
  let text: string;
  try {
    text = await answer.text();
  } catch (error) {
    // The provider answered a status but the body was cut: for a write, what it did is not known.
    throw connectionFailure(provider, request, error, timeoutMs);
  }
  return {
    status: answer.status,
    headers: answer.headers,
    text,
    json: () => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

function connectionFailure(
  provider: string,
  request: ProviderRequest,
  error: unknown,
  timeoutMs: number,
): CarrierUnavailableError {
  const code = causeCode(error);
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const what = timedOut
    ? `no answer within ${timeoutMs} ms`
    : `${code ?? (error instanceof Error ? error.message : String(error))}`;
  const message = `${provider}: ${request.method} ${new URL(request.url).pathname} failed: ${what}`;
  if (!request.writes || (code !== undefined && NOT_SENT_CODES.has(code))) return new CarrierUnavailableError(message);
  return new CarrierOutcomeUnknownError(`${message} (the request may have reached ${provider})`);
}

function causeCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Retry-After (seconds or an HTTP date) in milliseconds, when the provider sent one. */
export function retryAfterMs(headers: Headers, now: Date = new Date()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The first value of a header as Node gives it. */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}
