import { classifyAddress, parseAllowedCidrs, parseCidr } from './address-policy';

describe('classifyAddress (where a webhook may connect)', () => {
  it.each([['8.8.8.8'], ['1.1.1.1'], ['93.184.215.14'], ['2606:4700:4700::1111'], ['2a00:1450:4001:82b::200e']])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true, privateAllowed: false });
    },
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['2002:a00:1::1', '6to4'],
    ['::7f00:1', 'IPv4-compatible'],
    // IPv4-mapped IPv6 is judged as the IPv4 address it reaches.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['[::1]', 'loopback'],
  ])('refuses %s as %s, naming it', (address, what) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.reason).toContain(what);
    expect(verdict.allowed === false && verdict.reason).toContain(address);
  });

  it('allows a public IPv4-mapped address', () => {
    expect(classifyAddress('::ffff:8.8.8.8').allowed).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com')).toMatchObject({ allowed: false, reason: 'example.com is not an IP address' });
    expect(classifyAddress('fe80::1%eth0').allowed).toBe(false);
  });

  describe('with WEBHOOKS_ALLOWED_PRIVATE_CIDRS', () => {
    const allowed = parseAllowedCidrs(['127.0.0.0/8', '::1/128', '10.20.0.0/16', 'fd00:1::/32']);

    it.each([['127.0.0.1'], ['127.3.2.1'], ['::1'], ['::ffff:127.0.0.1'], ['10.20.30.40'], ['fd00:1:2::3']])(
      'allows %s, marked as private',
      (address) => {
        expect(classifyAddress(address, allowed)).toEqual({ allowed: true, privateAllowed: true });
      },
    );

    it.each([['10.21.0.1'], ['192.168.1.1'], ['169.254.169.254'], ['fd00:2::1'], ['::ffff:10.21.0.1']])(
      'still refuses %s outside the listed ranges',
      (address) => {
        expect(classifyAddress(address, allowed).allowed).toBe(false);
      },
    );

    it('leaves public addresses public', () => {
      expect(classifyAddress('8.8.8.8', allowed)).toEqual({ allowed: true, privateAllowed: false });
    });
  });
});

describe('parseCidr (one WEBHOOKS_ALLOWED_PRIVATE_CIDRS entry)', () => {
  it.each([['127.0.0.0/8'], ['10.0.0.0/8'], ['::1/128'], ['fd00::/8'], ['192.168.1.7/32']])('reads %s', (cidr) => {
    expect(parseCidr(cidr)).toBeDefined();
  });

  it.each([
    ['10.0.0.1'],
    ['10.0.0.0/33'],
    ['::/129'],
    ['0.0.0.0/0'],
    ['::/0'],
    ['loopback'],
    ['10.0.0.0/8x'],
    ['fe80::%eth0/64'],
    [''],
  ])('refuses %s', (cidr) => {
    expect(parseCidr(cidr)).toBeUndefined();
  });

  it('names the bad entry when parsing the list', () => {
    expect(() => parseAllowedCidrs(['127.0.0.0/8', 'nope'])).toThrow('WEBHOOKS_ALLOWED_PRIVATE_CIDRS: nope is not a CIDR range');
  });
});
