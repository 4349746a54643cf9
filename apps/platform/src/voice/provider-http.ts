import { CallOutcomeUnknownError, VoiceProviderUnavailableError } from './voice-errors';

/** One provider answer: status, headers and the body as text. */
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
   * Whether a lost answer leaves the provider's state unknown: a call placed or a number bought
   * may or may not have happened, where a lost read changed nothing.
   */
  readonly writes: boolean;
}

/** Connection errors that prove the request never reached the provider: nothing happened there. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * One HTTP request to a voice provider with plain `fetch`: exactly one attempt, never a retry of
 * its own (Retell and Twilio have no idempotency key for these requests: the dialer's and the
 * purchase's own records decide when to ask again, after a lookup), bounded by `timeoutMs`. A
 * refused connection is VoiceProviderUnavailableError; a failure once the request may have left
 * is CallOutcomeUnknownError for a write and VoiceProviderUnavailableError for a read. HTTP
 * statuses are the adapter's to judge.
 */
export async function providerRequest(provider: string, request: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer> {
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
    // A body cut after the status arrived leaves a write's outcome as unknown as no answer at all.
    text = await answer.text();
  } catch (error) {
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

function connectionFailure(provider: string, request: ProviderRequest, error: unknown, timeoutMs: number): Error {
  const code = causeCode(error);
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const what = timedOut ? `no answer within ${timeoutMs} ms` : (code ?? (error instanceof Error ? error.message : String(error)));
  const message = `${provider}: ${request.method} ${new URL(request.url).pathname} failed: ${what}`;
  if (!request.writes || (code !== undefined && NOT_SENT_CODES.has(code))) return new VoiceProviderUnavailableError(message);
  return new CallOutcomeUnknownError(`${message} (the request may have reached ${provider})`);
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

/** The provider's own words about a refusal (`message`, Twilio's `code`), for logs and errors. */
export function describeRefusal(answer: ProviderAnswer): string {
  const body = answer.json() as { message?: unknown; code?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : answer.text.slice(0, 200);
  return typeof body?.code === 'number' ? `${answer.status} (code ${body.code}): ${message}` : `${answer.status}: ${message}`;
}
