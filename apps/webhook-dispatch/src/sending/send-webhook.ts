import http from 'node:http';
import https from 'node:https';
import { pinnedLookup } from './pinned-agents';
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
  /** Kept-alive connections to the pinned address (PinnedAgents); without one, a connection of its own. */
  agent?: http.Agent;
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

/**
 * One webhook POST (decision 0028). Connects to the pinned address with the URL's host name for SNI,
 * the certificate check and `Host`; follows no redirect; gives up after `timeoutMs` in all; reads at
 * most 4 KB of the answer. A connection whose answer was read to its end goes back to `agent` for
 * the next attempt; one cut short (timeout, error, a longer body) is closed. Never throws: a
 * failure is `error`.
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
    /** `reusable`: the answer was read to its end, so the connection may serve the next request. */
    const finish = (error: string | null, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!reusable || !request.agent) req.destroy();
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
      agent: request.agent ?? false,
      lookup: pinnedLookup(request.pinnedAddress),
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(request.body.length),
        'user-agent': WEBHOOK_USER_AGENT,
      },
    });
    const timer = setTimeout(() => finish(`timed out after ${request.timeoutMs} ms`), request.timeoutMs);
    req.on('error', (error: Error & { code?: string }) => {
      // A kept-alive connection the server closed as we reused it (the keep-alive race): nothing
      // was answered, so the request goes again once on a connection of its own, as node advises.
      if (req.reusedSocket && statusCode === null && !settled && error.code === 'ECONNRESET') {
        settled = true;
        clearTimeout(timer);
        const left = Math.max(1, request.timeoutMs - (performance.now() - started));
        resolve(attempt({ ...request, agent: undefined, timeoutMs: left }, started));
        return;
      }
      finish(describe(error));
    });
    req.on('response', (res) => {
      statusCode = res.statusCode ?? null;
      if (statusCode === 429 || statusCode === 503) retryAfterMs = parseRetryAfter(res.headers['retry-after']);
      res.on('data', (chunk: Buffer) => {
        const room = RESPONSE_BODY_LIMIT - kept;
        chunks.push(chunk.subarray(0, room));
        kept += Math.min(chunk.length, room);
        if (kept >= RESPONSE_BODY_LIMIT) finish(null);
      });
      res.on('end', () => finish(null, true));
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
