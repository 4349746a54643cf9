import { isProxyAddress } from './trusted-proxies';

describe('isProxyAddress (one TRUSTED_PROXIES entry)', () => {
  it.each(['10.0.0.0/8', '172.29.240.10', '192.0.2.7/32', '::1', 'fd00::/8', '2001:db8::/128', '::ffff:10.1.2.3'])(
    'accepts %s',
    (value) => {
      expect(isProxyAddress(value)).toBe(true);
    },
  );

  it.each([
    '',
    'loopback',
    'uniquelocal',
    'ingress.local',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/0',
    '::/0',
    '10.0.0.0/08',
    '10.0.0.0/',
    '10.0.0.0/255.0.0.0',
    'fe80::1%eth0',
    '300.1.1.1',
    ' 10.0.0.1',
  ])('refuses %j', (value) => {
    expect(isProxyAddress(value)).toBe(false);
  });
});
