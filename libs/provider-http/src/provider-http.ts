/**
 * Requests to the providers' HTTP APIs (Twilio, Sendblue, Retell, Telnyx), shared by the apps that
 * call them: one attempt each, never a retry of its own — the providers have no idempotency key for
 * these requests, so whether to ask again is decided by the caller's own records (decisions 0038,
 * 0040) — and a failure classified by what it proves about the provider's state.
 */

/** One provider answer: status, headers and the body as text (parsed by the adapter). */
export interface ProviderAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body as JSON; undefined when it is not JSON. */
  json(): unknown;
}

export interface ProviderRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /**
   * Whether a lost answer leaves the provider's state unknown (a send, a call placed, a number
   * bought) or changes nothing (a read).
   */
  readonly writes: boolean;
}

/** The caller's errors for the two kinds of failure (each app has its own error classes). */
export interface ProviderFailures {
  /** Nothing reached the provider, or a read failed: trying again later is safe. */
  unavailable(message: string): Error;
  /** A write may have reached the provider: what it did there is not known. */
  outcomeUnknown(message: string): Error;
}

/**
 * Errors of the connection that prove the request never reached the provider: nothing was sent,
 * so trying again later is safe. Any other failure after the request may have been written
 * (a reset, a closed socket, a timeout) leaves a write's outcome unknown.
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
 * One HTTP request with plain `fetch`, bounded by `timeoutMs`, redirects not followed. A refused
 * connection or a name that does not resolve is `failures.unavailable`; a failure once the request
 * may have left — the body cut after the status included — is `failures.outcomeUnknown` for a write
 * and `failures.unavailable` for a read. HTTP statuses are the adapter's to judge.
 */
export async function providerRequest(
  provider: string,
  request: ProviderRequest,
  timeoutMs: number,
  failures: ProviderFailures,
): Promise<ProviderAnswer> {
  let answer: Response;
  let text: string;
  try {
    answer = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await answer.text();
  } catch (error) {
    throw connectionFailure(provider, request, error, timeoutMs, failures);
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
  failures: ProviderFailures,
): Error {
  const code = causeCode(error);
  // By name, not instanceof: fetch's DOMException may come from another realm (a test's vm context).
  const name = (error as { name?: unknown } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  const what = timedOut ? `no answer within ${timeoutMs} ms` : (code ?? (error instanceof Error ? error.message : String(error)));
  const message = `${provider}: ${request.method} ${new URL(request.url).pathname} failed: ${what}`;
  if (!request.writes || (code !== undefined && NOT_SENT_CODES.has(code))) return failures.unavailable(message);
  return failures.outcomeUnknown(`${message} (the request may have reached ${provider})`);
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
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The first value of a header as Node's http gives it (a provider's callback). */
export function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}
