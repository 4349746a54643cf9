import { SignedCallbackScheme, type SignatureRejection } from './signed-callback';

class Refused extends Error {
  constructor(readonly reason: SignatureRejection) {
    super(reason);
  }
}

const scheme = new SignedCallbackScheme({
  timestampHeader: 'x-test-timestamp',
  signatureHeader: 'x-test-signature',
  toleranceSeconds: 300,
  reject: (reason) => new Refused(reason),
});
const secret = 's'.repeat(32);
const now = new Date('2026-01-01T00:00:00Z');
const seconds = now.getTime() / 1000;

const reasonOf = (headers: Record<string, string | string[]>, body = '{}', at = now): string | null => {
  try {
    scheme.verify(secret, headers, body, at);
    return null;
  } catch (error) {
    return (error as Refused).reason;
  }
};

describe('SignedCallbackScheme', () => {
  it('signs HMAC-SHA256 over "<timestamp>.<body>" under its own header names, verified case-insensitively', () => {
    const headers = scheme.sign(secret, '{}', seconds);
    expect(Object.keys(headers)).toEqual(['x-test-timestamp', 'x-test-signature']);
    expect(headers['x-test-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(reasonOf(headers)).toBeNull();
    expect(
      reasonOf({ 'X-Test-Timestamp': headers['x-test-timestamp']!, 'X-TEST-SIGNATURE': headers['x-test-signature']! }),
    ).toBeNull();
  });

  it('throws the caller’s error with the reason', () => {
    const headers = scheme.sign(secret, '{}', seconds);
    expect(reasonOf({})).toBe('missing_signature');
    expect(reasonOf({ ...headers, 'x-test-signature': 'md5=abc' })).toBe('malformed_signature');
    expect(reasonOf({ ...headers, 'x-test-signature': [headers['x-test-signature']!, headers['x-test-signature']!] })).toBe(
      'malformed_signature',
    );
    expect(reasonOf(headers, '{}', new Date(now.getTime() + 301_000))).toBe('stale');
    expect(reasonOf(headers, '{"x":1}')).toBe('bad_signature');
    expect(reasonOf({ ...headers, 'x-test-timestamp': String(seconds + 1) })).toBe('bad_signature');
  });
});
