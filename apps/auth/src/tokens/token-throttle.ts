import { FixedWindowRateLimiter, type RateDecision } from '../shared/rate-limiter';

/** Failed client authentications (invalid_client answers) one address may cause per minute. */
export const FAILED_CLIENT_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE = 20;
/** Token requests per minute of a client that authenticated: its own budget (a public client's: per address). */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

/**
 * The token endpoints' limits, arranged so that nobody can spend a budget that is not theirs
 * (decision 0021):
 * - failed client authentication counts against the **source address** (request.ip, after
 *   TRUSTED_PROXIES); an address over its limit is refused before its credentials are looked at,
 *   whatever client it names;
 * - only a request that **passed** client authentication counts against the client: a
 *   confidential client proved its secret, so the budget is the client's alone; a public client
 *   (PKCE, no secret) is named by an id anyone can send, so its budget is per client **and**
 *   address — a stranger spends only the share of their own address, and each user's device
 *   has its own.
 * In memory and per process, like the login limiters: with N replicas an address gets N times
 * the allowance, which still bounds it; nothing a stranger does here lasts beyond the minute.
 */
export class TokenEndpointThrottle {
  private readonly failures: FixedWindowRateLimiter;
  private readonly requests: FixedWindowRateLimiter;

  constructor(now: () => number) {
    this.failures = new FixedWindowRateLimiter(FAILED_CLIENT_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE, 60_000, now);
    this.requests = new FixedWindowRateLimiter(TOKEN_REQUESTS_PER_MINUTE, 60_000, now);
  }

  /** Checked first: may this address still try? (Not counted; only failures are.) */
  admitAddress(address: string): RateDecision {
    return this.failures.peek(address);
  }

  /** A failed client authentication from this address. */
  failedAuthentication(address: string): void {
    this.failures.hit(address);
  }

  /** Counted once the client has authenticated: its own budget. */
  admitClient(client: { clientId: string; confidential: boolean }, address: string): RateDecision {
    return this.requests.hit(client.confidential ? `confidential|${client.clientId}` : `public|${client.clientId}|${address}`);
  }
}
