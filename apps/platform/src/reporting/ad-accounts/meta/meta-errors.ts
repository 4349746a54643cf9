import {
  AdAccountUnreadableError,
  AdGrantRevokedError,
  AdPlatformThrottledError,
  AdPlatformUnavailableError,
} from '../ad-platform.port';
import { count, field, text } from '../live/provider-http';

/** Graph API's error object (`{"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}`). */
export interface MetaError {
  code: number;
  subcode: number | null;
  message: string;
  fbtraceId: string | null;
}

/**
 * Rate limits (Graph API "Rate Limits", Marketing API "Rate Limiting", Insights "Limits and Best
 * Practices"): 4 app, 17 user / ad account (subcode 2446079), 32 page, 613 custom, 80000–80014 the
 * business-use-case limits (80000 ads_insights, 80004 ads_management, "too many calls to this
 * ad-account"). All mean: the same question later.
 */
const THROTTLED = new Set([4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);
/** The token is no longer good (190 OAuthException: expired, password changed, app removed; 102 session). */
const REVOKED = new Set([190, 102]);
/** Permission errors: the token works, but not for this object (10, 200–299, 270–294 ads permissions). */
const NOT_ALLOWED = (code: number) => code === 10 || (code >= 200 && code <= 299);
/** 100 with subcode 33: "Object … does not exist, cannot be loaded due to missing permissions". */
const MISSING_OBJECT_SUBCODE = 33;
/** Transient: unknown (1), service (2), temporarily unavailable (-1, -2), request timed out (100/1504018). */
const TRANSIENT = new Set([1, 2, -1, -2]);
const TIMED_OUT_SUBCODES = new Set([1504018, 1504038, 1504043]);

/** Minutes to wait when Meta throttles without saying how long. */
const DEFAULT_THROTTLE_MINUTES = 10;

export function metaErrorOf(body: unknown): MetaError | null {
  const error = field(body, 'error');
  const code = count(field(error, 'code'));
  if (code === undefined) return null;
  return {
    code,
    subcode: count(field(error, 'error_subcode')) ?? null,
    message: text(field(error, 'message')) ?? 'no message',
    fbtraceId: text(field(error, 'fbtrace_id')) ?? null,
  };
}

/** What the platform does about an error: retry later, stop reading this account, stop using the grant, or (null) not a known kind. */
export type MetaVerdict = 'throttled' | 'transient' | 'revoked' | 'not_allowed';

export function metaVerdict(error: MetaError): MetaVerdict | null {
  if (THROTTLED.has(error.code)) return 'throttled';
  if (REVOKED.has(error.code)) return 'revoked';
  if (TRANSIENT.has(error.code) || (error.subcode !== null && TIMED_OUT_SUBCODES.has(error.subcode))) return 'transient';
  if (NOT_ALLOWED(error.code) || (error.code === 100 && error.subcode === MISSING_OBJECT_SUBCODE)) return 'not_allowed';
  return null;
}

const described = (error: MetaError): string =>
  `Meta error ${error.code}${error.subcode === null ? '' : `/${error.subcode}`}: ${error.message}` +
  (error.fbtraceId ? ` (fbtrace_id ${error.fbtraceId})` : '');

/**
 * The port's error for a Graph API error answer. `notAllowed` says what a permission error means
 * where it happened (an unreadable account while syncing; for a lookup the caller answers null
 * before asking this).
 */
export function metaFailure(error: MetaError, headers: Headers, notAllowed?: () => Error): Error {
  switch (metaVerdict(error)) {
    case 'throttled':
      return new AdPlatformThrottledError(`Meta is throttling: ${described(error)}`, retryAfterMs(headers));
    case 'transient':
      return new AdPlatformUnavailableError(described(error));
    case 'revoked':
      return new AdGrantRevokedError(`Meta refused the grant: ${described(error)}`);
    case 'not_allowed':
      return notAllowed?.() ?? new AdAccountUnreadableError(`The grant cannot read the account: ${described(error)}`);
    default:
      return new Error(described(error));
  }
}

/** Utilisation the insights answers report (`X-FB-Ads-Insights-Throttle`): percent of the app's and of the account's budget. */
export interface InsightsThrottle {
  appPercent: number;
  accountPercent: number;
}

export function insightsThrottleOf(headers: Headers): InsightsThrottle | null {
  const parsed = parseHeader(headers.get('x-fb-ads-insights-throttle'));
  if (parsed === undefined) return null;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return { appPercent: number(field(parsed, 'app_id_util_pct')), accountPercent: number(field(parsed, 'acc_id_util_pct')) };
}

/** Whether the budget is used up: one more call would be refused. */
export const budgetSpent = (throttle: InsightsThrottle | null): boolean =>
  throttle !== null && (throttle.appPercent >= 100 || throttle.accountPercent >= 100);

/**
 * How long Meta asks to wait: the longest `estimated_time_to_regain_access` (minutes) of
 * `X-Business-Use-Case-Usage`, else `reset_time_duration` (seconds) of `X-Ad-Account-Usage`,
 * else ten minutes.
 */
export function retryAfterMs(headers: Headers): number {
  const usage = parseHeader(headers.get('x-business-use-case-usage'));
  const minutes: number[] = [];
  if (usage && typeof usage === 'object') {
    for (const entries of Object.values(usage as Record<string, unknown>)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        const wait = field(entry, 'estimated_time_to_regain_access');
        if (typeof wait === 'number' && wait > 0) minutes.push(wait);
      }
    }
  }
  if (minutes.length > 0) return Math.max(...minutes) * 60_000;
  const reset = field(parseHeader(headers.get('x-ad-account-usage')), 'reset_time_duration');
  if (typeof reset === 'number' && reset > 0) return reset * 1000;
  return DEFAULT_THROTTLE_MINUTES * 60_000;
}

function parseHeader(value: string | null): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
