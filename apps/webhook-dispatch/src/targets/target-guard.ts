import { isIP } from 'node:net';
import { classifyAddress, type AllowedRanges } from './address-policy';
import type { ResolvedAddress, TargetResolver } from './target-resolver';

/** Longest target URL accepted. */
export const MAX_TARGET_URL_LENGTH = 2048;

/** A target URL that may be sent to now, and the address the connection must go to. */
export interface CheckedTarget {
  ok: true;
  url: URL;
  /** The checked address: the sender connects here and nowhere else (no second lookup). */
  pinned: ResolvedAddress;
}
export type TargetCheck = CheckedTarget | { ok: false; reason: string };

type Parsed = { ok: true; url: URL; hostname: string } | { ok: false; reason: string };

/**
 * The URL rules that need no resolution: at most 2048 characters, http or https, no credentials.
 * Whether plain http is allowed depends on the addresses (TargetGuard.check).
 */
export function parseTargetUrl(raw: string): Parsed {
  if (raw.length > MAX_TARGET_URL_LENGTH)
    return { ok: false, reason: `the URL is longer than ${MAX_TARGET_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the URL is not a valid absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: `the URL must be https (not ${url.protocol.slice(0, -1)})` };
  if (url.username || url.password) return { ok: false, reason: 'the URL must not carry credentials (user:password@)' };
  if (!url.hostname) return { ok: false, reason: 'the URL has no host' };
  // The WHATWG parser already wrote IPv4 literals canonically (0x7f.1 → 127.0.0.1); IPv6 keeps its brackets.
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { ok: true, url, hostname };
}

/**
 * The SSRF guard of webhook targets (decision 0028): resolves the host once, refuses the target when
 * any of its addresses is not public (unless WEBHOOKS_ALLOWED_PRIVATE_CIDRS holds it), requires https
 * except to the allowed ranges, and pins the first checked address. Run at creation (the reason is
 * the 400's message) and again before every send (the reason is the failed attempt's error).
 */
export class TargetGuard {
  constructor(
    private readonly resolver: TargetResolver,
    private readonly allowed: AllowedRanges,
  ) {}

  async check(raw: string): Promise<TargetCheck> {
    const parsed = parseTargetUrl(raw);
    if (!parsed.ok) return parsed;
    const { url, hostname } = parsed;
    const literal = isIP(hostname);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: hostname, family: literal }];
    } else {
      try {
        addresses = await this.resolver.resolve(hostname);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return { ok: false, reason: `${hostname} could not be resolved (${typeof code === 'string' ? code : String(error)})` };
      }
      if (addresses.length === 0) return { ok: false, reason: `${hostname} resolved to no address` };
    }
    let allPrivateAllowed = true;
    for (const { address } of addresses) {
      const verdict = classifyAddress(address, this.allowed);
      if (!verdict.allowed)
        return {
          ok: false,
          reason: literal
            ? verdict.reason
            : `${hostname} resolves to ${address}, ${verdict.what}; webhooks are only sent to public addresses`,
        };
      allPrivateAllowed &&= verdict.privateAllowed;
    }
    if (url.protocol === 'http:' && !allPrivateAllowed) {
      return { ok: false, reason: 'the URL must be https (plain http only to WEBHOOKS_ALLOWED_PRIVATE_CIDRS)' };
    }
    return { ok: true, url, pinned: addresses[0]! };
  }
}
