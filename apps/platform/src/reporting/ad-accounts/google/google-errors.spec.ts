import {
  AdAccessExpiredError,
  AdAccountUnreadableError,
  AdPlatformThrottledError,
  AdPlatformUnavailableError,
} from '../ad-platform.port';
import { googleAdsErrorOf, googleAdsFailure, isNotAllowed } from './google-errors';

const failure = (status: string, errorCode: Record<string, string>, detail: Record<string, unknown> = {}) => ({
  error: {
    code: 0,
    message: 'm',
    status,
    details: [
      {
        '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
        errors: [{ errorCode, message: 'e', ...detail }],
        requestId: 'R',
      },
    ],
  },
});

describe("Google Ads' error answers", () => {
  it('reads google.rpc.Status and its GoogleAdsFailure, also inside a stream array', () => {
    const body = failure('PERMISSION_DENIED', { authorizationError: 'USER_PERMISSION_DENIED' });
    expect(googleAdsErrorOf(403, body)).toEqual({
      httpStatus: 403,
      status: 'PERMISSION_DENIED',
      message: 'm',
      codes: ['authorizationError.USER_PERMISSION_DENIED'],
      requestId: 'R',
      retryDelayMs: null,
    });
    expect(googleAdsErrorOf(403, [body]).codes).toEqual(['authorizationError.USER_PERMISSION_DENIED']);
  });

  it.each([
    [401, 'UNAUTHENTICATED', { authenticationError: 'OAUTH_TOKEN_EXPIRED' }, AdAccessExpiredError],
    [401, 'UNAUTHENTICATED', { authenticationError: 'DEVELOPER_TOKEN_INVALID' }, AdPlatformUnavailableError],
    [403, 'PERMISSION_DENIED', { authorizationError: 'USER_PERMISSION_DENIED' }, AdAccountUnreadableError],
    [403, 'PERMISSION_DENIED', { authorizationError: 'CUSTOMER_NOT_ENABLED' }, AdAccountUnreadableError],
    [403, 'PERMISSION_DENIED', { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' }, AdPlatformUnavailableError],
    [429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, AdPlatformThrottledError],
    [503, 'UNAVAILABLE', {}, AdPlatformUnavailableError],
  ])('%d %s %j is %p', (httpStatus, status, code, kind) => {
    expect(googleAdsFailure(googleAdsErrorOf(httpStatus, failure(status, code)))).toBeInstanceOf(kind);
  });

  it('never takes the developer token for the user’s access', () => {
    expect(
      isNotAllowed(googleAdsErrorOf(403, failure('PERMISSION_DENIED', { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' }))),
    ).toBe(false);
    expect(isNotAllowed(googleAdsErrorOf(404, failure('NOT_FOUND', {})))).toBe(true);
  });

  it('waits as long as the quota details say, else five minutes', () => {
    const said = googleAdsErrorOf(
      429,
      failure(
        'RESOURCE_EXHAUSTED',
        { quotaError: 'RESOURCE_EXHAUSTED' },
        { details: { quotaErrorDetails: { retryDelay: '1.5s' } } },
      ),
    );
    expect(said.retryDelayMs).toBe(1500);
    expect((googleAdsFailure(said) as AdPlatformThrottledError).retryAfterMs).toBe(1500);
    const silent = googleAdsFailure(googleAdsErrorOf(429, failure('RESOURCE_EXHAUSTED', {})));
    expect((silent as AdPlatformThrottledError).retryAfterMs).toBe(5 * 60_000);
  });

  it('leaves a malformed query of ours a plain error', () => {
    const ours = googleAdsFailure(googleAdsErrorOf(400, failure('INVALID_ARGUMENT', { queryError: 'UNRECOGNIZED_FIELD' })));
    expect(ours.constructor).toBe(Error);
    expect(ours.message).toContain('queryError.UNRECOGNIZED_FIELD');
  });
});
