import {
  AdAccountUnreadableError,
  AdGrantRevokedError,
  AdPlatformThrottledError,
  AdPlatformUnavailableError,
} from '../ad-platform.port';
import { budgetSpent, insightsThrottleOf, metaErrorOf, metaFailure, retryAfterMs } from './meta-errors';

const error = (code: number, subcode?: number) =>
  metaErrorOf({ error: { message: 'm', type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'T' } })!;

describe("Meta's error answers", () => {
  it('reads the Graph error object, and nothing else', () => {
    expect(error(190, 463)).toEqual({ code: 190, subcode: 463, message: 'm', fbtraceId: 'T' });
    expect(metaErrorOf({ data: [] })).toBeNull();
    expect(metaErrorOf(undefined)).toBeNull();
  });

  it.each([
    [17, 2446079, AdPlatformThrottledError],
    [80004, 2446079, AdPlatformThrottledError],
    [80000, undefined, AdPlatformThrottledError],
    [4, undefined, AdPlatformThrottledError],
    [613, 1487742, AdPlatformThrottledError],
    [190, 458, AdGrantRevokedError],
    [190, 463, AdGrantRevokedError],
    [1, undefined, AdPlatformUnavailableError],
    [2, undefined, AdPlatformUnavailableError],
    [100, 1504018, AdPlatformUnavailableError],
    [100, 33, AdAccountUnreadableError],
    [200, undefined, AdAccountUnreadableError],
    [10, undefined, AdAccountUnreadableError],
  ])('error %d/%s is %p', (code, subcode, kind) => {
    expect(metaFailure(error(code, subcode), new Headers())).toBeInstanceOf(kind);
  });

  it('leaves an error of ours (a bad parameter) a plain error, retried and shown', () => {
    const failure = metaFailure(error(100), new Headers());
    expect(failure).not.toBeInstanceOf(AdPlatformUnavailableError);
    expect(failure.message).toBe('Meta error 100: m (fbtrace_id T)');
  });

  it("waits as long as Meta estimates, else the account's reset time, else ten minutes", () => {
    const usage = {
      '123': [
        { type: 'ads_insights', estimated_time_to_regain_access: 3 },
        { type: 'ads_management', estimated_time_to_regain_access: 7 },
      ],
    };
    expect(retryAfterMs(new Headers({ 'x-business-use-case-usage': JSON.stringify(usage) }))).toBe(7 * 60_000);
    expect(
      retryAfterMs(new Headers({ 'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 100, reset_time_duration: 90 }) })),
    ).toBe(90_000);
    expect(retryAfterMs(new Headers({ 'x-business-use-case-usage': 'not json' }))).toBe(10 * 60_000);
  });

  it('reads X-FB-Ads-Insights-Throttle: spent at 100 % of the app or of the account', () => {
    const header = (app: number, account: number) =>
      new Headers({
        'x-fb-ads-insights-throttle': JSON.stringify({
          app_id_util_pct: app,
          acc_id_util_pct: account,
          ads_api_access_tier: 'standard_access',
        }),
      });
    expect(insightsThrottleOf(header(12, 40))).toEqual({ appPercent: 12, accountPercent: 40 });
    expect(budgetSpent(insightsThrottleOf(header(12, 40)))).toBe(false);
    expect(budgetSpent(insightsThrottleOf(header(100, 0)))).toBe(true);
    expect(budgetSpent(insightsThrottleOf(header(3, 100)))).toBe(true);
    expect(budgetSpent(insightsThrottleOf(new Headers()))).toBe(false);
  });
});
