import {
  FAILED_CLIENT_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE,
  TOKEN_REQUESTS_PER_MINUTE,
  TokenEndpointThrottle,
} from './token-throttle';

describe('TokenEndpointThrottle', () => {
  const confidential = { clientId: 'crm', confidential: true };
  const publicClient = { clientId: 'spa', confidential: false };

  function setup() {
    let now = 1_000_000;
    return { sut: new TokenEndpointThrottle(() => now), clock: { advance: (ms: number) => void (now += ms) } };
  }

  it('refuses an address after its failed client authentications, until the minute is over, without touching any client', () => {
    const { sut, clock } = setup();
    for (let i = 0; i < FAILED_CLIENT_AUTHENTICATIONS_PER_ADDRESS_PER_MINUTE; i += 1) {
      expect(sut.admitAddress('203.0.113.66').allowed).toBe(true);
      sut.failedAuthentication('203.0.113.66');
    }
    expect(sut.admitAddress('203.0.113.66')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(sut.admitAddress('198.51.100.7').allowed).toBe(true);
    expect(sut.admitClient(confidential, '198.51.100.7').allowed).toBe(true);
    clock.advance(60_000);
    expect(sut.admitAddress('203.0.113.66').allowed).toBe(true);
  });

  it('gives a confidential client one budget wherever it calls from', () => {
    const { sut } = setup();
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1)
      expect(sut.admitClient(confidential, `10.0.0.${i % 3}`).allowed).toBe(true);
    expect(sut.admitClient(confidential, '10.0.0.9').allowed).toBe(false);
  });

  it('gives a public client a budget per address: one address spending it leaves the others theirs', () => {
    const { sut } = setup();
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1) sut.admitClient(publicClient, '203.0.113.66');
    expect(sut.admitClient(publicClient, '203.0.113.66').allowed).toBe(false);
    expect(sut.admitClient(publicClient, '198.51.100.7').allowed).toBe(true);
  });
});
