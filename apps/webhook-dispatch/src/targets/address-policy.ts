import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** The ranges WEBHOOKS_ALLOWED_PRIVATE_CIDRS opens, parsed once (parseAllowedCidrs). */
export type AllowedRanges = readonly Range[];

export type AddressVerdict = { allowed: true; privateAllowed: boolean } | { allowed: false; reason: string; what: string };

/**
 * Why each special range of ipaddr.js is refused. Anything ipaddr.js does not call `unicast` is
 * refused, named here or not (a range added by a later ipaddr.js is refused by its own name).
 */
const REASONS: Record<string, string> = {
  unspecified: 'an unspecified address (0.0.0.0/8, ::)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (169.254.0.0/16 holds the cloud metadata service, fe80::/10)',
  loopback: 'a loopback address (this machine)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)',
  reserved: 'a reserved or documentation address',
  uniqueLocal: 'a unique-local IPv6 address (fc00::/7)',
  deprecatedSiteLocal: 'a site-local IPv6 address (fec0::/10)',
  rfc6052: 'a NAT64 address (64:ff9b::/96), which reaches an IPv4 address through a gateway',
  rfc6145: 'an IPv4-translated IPv6 address',
  '6to4': 'a 6to4 address (2002::/16), which embeds an IPv4 address',
  teredo: 'a Teredo address (2001::/32), which embeds an IPv4 address',
  discard: 'a discard-only IPv6 address',
  benchmarking: 'a benchmarking address',
  as112: 'an AS112 address',
  as112v6: 'an AS112 address',
  amt: 'an AMT relay address',
};

/**
 * Parses one address as a connection would reach it: an IPv4-mapped IPv6 address (::ffff:10.0.0.1)
 * is its IPv4 address, so it is judged (and allowed) as that.
 */
function parseAddress(text: string): Address | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare) || bare.includes('%')) return undefined;
  const address = ipaddr.parse(bare);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function rangeOf(address: Address): string {
  if (address.kind() === 'ipv6') {
    const parts = (address as ipaddr.IPv6).parts;
    // ::a.b.c.d, the deprecated IPv4-compatible form: ipaddr.js calls it unicast, a stack may not.
    if (parts.slice(0, 6).every((part) => part === 0) && address.range() === 'unicast') return 'ipv4Compatible';
  }
  return address.range();
}

/**
 * Whether a webhook may connect to `text` (an IPv4 or IPv6 address): only public unicast, unless a
 * range of `allowed` holds it. The reason names what the address is, for the 400 at creation and
 * the failed attempt at send.
 */
export function classifyAddress(text: string, allowed: AllowedRanges = []): AddressVerdict {
  const address = parseAddress(text);
  if (!address) return { allowed: false, reason: `${text} is not an IP address`, what: 'not an IP address' };
  if (
    allowed.some(([base, bits]) => base.kind() === address.kind() && (address as ipaddr.IPv4).match(base as ipaddr.IPv4, bits))
  ) {
    return { allowed: true, privateAllowed: true };
  }
  const range = rangeOf(address);
  if (range === 'unicast') return { allowed: true, privateAllowed: false };
  const what =
    range === 'ipv4Compatible'
      ? 'an IPv4-compatible IPv6 address (::/96)'
      : (REASONS[range] ?? `a special-purpose address (${range})`);
  return { allowed: false, reason: `${text} is ${what}; webhooks are only sent to public addresses`, what };
}

/**
 * One WEBHOOKS_ALLOWED_PRIVATE_CIDRS entry (`10.1.0.0/16`, `::1/128`), or undefined when it is not
 * a CIDR range. `/0` is refused: it would turn the guard off for a whole address family.
 */
export function parseCidr(text: string): Range | undefined {
  if (text.includes('%') || !/\/\d{1,3}$/.test(text)) return undefined;
  try {
    const range = ipaddr.parseCIDR(text);
    return range[1] === 0 ? undefined : [range[0], range[1]];
  } catch {
    return undefined;
  }
}

/** The parsed ranges of WEBHOOKS_ALLOWED_PRIVATE_CIDRS (already validated at boot). */
export function parseAllowedCidrs(cidrs: readonly string[]): AllowedRanges {
  return cidrs.map((cidr) => {
    const range = parseCidr(cidr);
    if (!range) throw new Error(`WEBHOOKS_ALLOWED_PRIVATE_CIDRS: ${cidr} is not a CIDR range`);
    return range;
  });
}
