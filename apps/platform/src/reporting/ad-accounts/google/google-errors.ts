import {
  AdAccessExpiredError,
  AdAccountUnreadableError,
  AdPlatformThrottledError,
  AdPlatformUnavailableError,
} from '../ad-platform.port';
import { field, text } from '../live/provider-http';

/**
 * A Google Ads API error answer (google.rpc.Status): `{"error": {"code", "message", "status",
 * "details": [{"@type": "…GoogleAdsFailure", "errors": [{"errorCode": {"<kind>": "<CODE>"}, "message"}], "requestId"}]}}`;
 * searchStream answers it inside an array when the failure comes after the stream began.
 */
export interface GoogleAdsError {
  httpStatus: number;
  status: string;
  message: string;
  /** The GoogleAdsFailure codes as `kind.CODE` (`authorizationError.USER_PERMISSION_DENIED`). */
  codes: string[];
  requestId: string | null;
  /** google.rpc.RetryInfo's or QuotaErrorDetails' `retryDelay` (`"30s"`), in ms. */
  retryDelayMs: number | null;
}

/** Authorization codes that are the platform's own configuration, not the user's access: never a disconnected account. */
const DEVELOPER_TOKEN_CODES = new Set([
  'authorizationError.DEVELOPER_TOKEN_NOT_APPROVED',
  'authorizationError.DEVELOPER_TOKEN_PROHIBITED',
  'authorizationError.DEVELOPER_TOKEN_NOT_ON_ALLOWLIST',
  'authorizationError.PROJECT_DISABLED',
  'authenticationError.DEVELOPER_TOKEN_INVALID',
  'authenticationError.NOT_ADS_USER',
]);

/** Minutes to wait when Google throttles without saying how long. */
const DEFAULT_RETRY_MS = 5 * 60_000;

export function googleAdsErrorOf(httpStatus: number, body: unknown): GoogleAdsError {
  const error = field(Array.isArray(body) ? body[0] : body, 'error');
  const details = field(error, 'details');
  const codes: string[] = [];
  let requestId: string | null = null;
  let retryDelayMs: number | null = null;
  for (const detail of Array.isArray(details) ? details : []) {
    requestId ??= text(field(detail, 'requestId')) ?? null;
    retryDelayMs ??= delayOf(field(detail, 'retryDelay')) ?? delayOf(field(field(detail, 'quotaErrorDetails'), 'retryDelay'));
    const errors = field(detail, 'errors');
    for (const entry of Array.isArray(errors) ? errors : []) {
      const errorCode = field(entry, 'errorCode');
      if (typeof errorCode === 'object' && errorCode !== null) {
        for (const [kind, code] of Object.entries(errorCode)) codes.push(`${kind}.${String(code)}`);
      }
      retryDelayMs ??= delayOf(field(field(field(entry, 'details'), 'quotaErrorDetails'), 'retryDelay'));
    }
  }
  return {
    httpStatus,
    status: text(field(error, 'status')) ?? String(httpStatus),
    message: text(field(error, 'message')) ?? 'no message',
    codes,
    requestId,
    retryDelayMs,
  };
}

const described = (error: GoogleAdsError): string =>
  `Google Ads ${error.status}${error.codes.length > 0 ? ` (${error.codes.join(', ')})` : ''}: ${error.message}` +
  (error.requestId ? ` (request ${error.requestId})` : '');

/** Whether the error says the grant cannot read the customer (or there is no such customer): a lookup's null. */
export function isNotAllowed(error: GoogleAdsError): boolean {
  if (error.codes.some((code) => DEVELOPER_TOKEN_CODES.has(code))) return false;
  return (
    error.status === 'PERMISSION_DENIED' ||
    error.status === 'NOT_FOUND' ||
    error.codes.includes('requestError.INVALID_CUSTOMER_ID')
  );
}

/** The port's error for a Google Ads API error answer. */
export function googleAdsFailure(error: GoogleAdsError): Error {
  if (error.httpStatus === 401 || error.status === 'UNAUTHENTICATED') {
    if (error.codes.some((code) => DEVELOPER_TOKEN_CODES.has(code))) return new AdPlatformUnavailableError(described(error));
    return new AdAccessExpiredError(described(error));
  }
  if (error.httpStatus === 429 || error.status === 'RESOURCE_EXHAUSTED') {
    return new AdPlatformThrottledError(`Google Ads is throttling: ${described(error)}`, error.retryDelayMs ?? DEFAULT_RETRY_MS);
  }
  if (error.codes.some((code) => DEVELOPER_TOKEN_CODES.has(code))) {
    // The developer token (GOOGLE_ADS_DEVELOPER_TOKEN) is not approved for this account: a set-up step at Google, retried.
    return new AdPlatformUnavailableError(`The Google Ads developer token cannot read this account: ${described(error)}`);
  }
  if (isNotAllowed(error)) return new AdAccountUnreadableError(`The grant cannot read the account: ${described(error)}`);
  if (error.status === 'UNAVAILABLE' || error.status === 'INTERNAL' || error.status === 'DEADLINE_EXCEEDED') {
    return new AdPlatformUnavailableError(described(error));
  }
  return new Error(described(error));
}

/** A protobuf Duration as JSON (`"30s"`, `"1.5s"`), in ms. */
function delayOf(value: unknown): number | null {
  const match = typeof value === 'string' ? /^([0-9]+(?:\.[0-9]+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : null;
}
