import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { parseRetryAfter } from './retry-after';

/** What every webhook request says it comes from. */
export const WEBHOOK_USER_AGENT = 'suite-webhooks/1.0';
/** How much of a response body is kept (and read: the connection is closed after it). */
export const RESPONSE_BODY_LIMIT = 4096;

export interface WebhookRequest {
  url: URL | string;
  /** The address TargetGuard checked: the connection goes there, the name is not looked up again. */
  pinnedAddress: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Connection and response together (WEBHOOKS_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface WebhookResult {
  /** The response's status, redirects included (they are not followed); null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** The first 4 KB of the response body, as text. */
  responseBody: string;
  /** Why no response came (connection, TLS, timeout), or null. */
  error: string | null;
  /** Retry-After of a 429 or 503, in milliseconds, or null. */
  retryAfterMs: number | null;
}

/** A lookup that answers the pinned address whatever it is asked, in the shape the caller wants. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * One webhook POST (decision 0028). Connects to the pinned address with the URL's host name for SNI,
 * the certificate check and `Host`; follows no redirect; gives up after `timeoutMs` in all; reads at
 * most 4 KB of the answer and then closes the connection. Never throws: a failure is `error`.
 */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookResult> {
  const started = performance.now();
  try {
    return await attempt(request, started);
  } catch (error) {
    // A URL or header value node refuses before any connection (e.g. a line break in a header).
    const message = error instanceof Error ? describe(error) : String(error);
    return {
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      responseBody: '',
      error: message,
      retryAfterMs: null,
    };
  }
}

function attempt(request: WebhookRequest, started: number): Promise<WebhookResult> {
  const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let retryAfterMs: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({
        statusCode,
        durationMs: Math.round(performance.now() - started),
        responseBody: Buffer.concat(chunks).toString('utf8'),
        error,
        retryAfterMs,
      });
    };
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(request.pinnedAddress),
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(request.body.length),
        'user-agent': WEBHOOK_USER_AGENT,
      },
    });
    const timer = setTimeout(() => finish(`timed out after ${request.timeoutMs} ms`), request.timeoutMs);
    req.on('error', (error) => finish(describe(error)));
    req.on('response', (res) => {
      statusCode = res.statusCode ?? null;
      if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(res.headers['retry-after']);
      res.on('data', (chunk: Buffer) => {
        const room = RESPONSE_BODY_LIMIT - kept;
        chunks.push(chunk.subarray(0, room));
        kept += Math.min(chunk.length, room);
        if (kept >= RESPONSE_BODY_LIMIT) finish(null);
      });
      res.on('end', () => finish(null));
      // A connection dropped mid-body still had an answer: its status counts.
      res.on('error', () => finish(null));
      res.on('close', () => finish(null));
    });
    req.end(request.body);
  });
}

function describe(error: Error & { code?: string }): string {
  return error.message || error.code || String(error);
}
