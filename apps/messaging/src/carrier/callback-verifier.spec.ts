import { createHmac } from 'node:crypto';
import { CallbackVerifier, signCallback, verifyCallbackSignature } from './callback-verifier';
import { CallbackRejectedError, type CallbackRejection } from './carrier-errors';

const SECRET = 'test-callback-secret-0123456789abcdef';
const BODY = '{"kind":"status","carrier_message_id":"sbx_1","status":"delivered","at":"2025-06-02T15:00:00.000Z"}';
const NOW = new Date('2025-06-02T15:00:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;

function rejection(run: () => void): CallbackRejection | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof CallbackRejectedError) return error.reason;
    throw error;
  }
}

describe('signCallback', () => {
  it('is HMAC-SHA256 over "<timestamp>.<raw body>" in the documented headers', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW_SECONDS}.${BODY}`).digest('hex');
    expect(signCallback(SECRET, BODY, NOW_SECONDS)).toEqual({
      'x-carrier-timestamp': String(NOW_SECONDS),
      'x-carrier-signature': `sha256=${expected}`,
    });
  });
});

describe('verifyCallbackSignature', () => {
  const signed = signCallback(SECRET, BODY, NOW_SECONDS);
  const verify = (headers: Record<string, string | string[]>, body: string | Buffer = BODY, now = NOW, secret = SECRET) =>
    rejection(() => verifyCallbackSignature(secret, headers, body, now));

  it('accepts a valid signature, over a string or the same bytes as a Buffer', () => {
    expect(verify(signed)).toBe('accepted');
    expect(verify(signed, Buffer.from(BODY))).toBe('accepted');
  });

  it('accepts header names in any case and single-element arrays', () => {
    expect(
      verify({ 'X-Carrier-Timestamp': signed['x-carrier-timestamp']!, 'X-CARRIER-SIGNATURE': [signed['x-carrier-signature']!] }),
    ).toBe('accepted');
  });

  it('refuses a tampered body', () => {
    expect(verify(signed, BODY.replace('delivered', 'failed'))).toBe('bad_signature');
    expect(verify(signed, `${BODY} `)).toBe('bad_signature');
  });

  it('refuses a signature made with another secret', () => {
    expect(verify(signCallback('another-secret-0123456789abcdefghij', BODY, NOW_SECONDS))).toBe('bad_signature');
    expect(verify(signed, BODY, NOW, 'another-secret-0123456789abcdefghij')).toBe('bad_signature');
  });

  it('refuses a timestamp moved after signing (it is inside the MAC)', () => {
    expect(verify({ ...signed, 'x-carrier-timestamp': String(NOW_SECONDS + 1) })).toBe('bad_signature');
  });

  it('refuses callbacks older (or further ahead) than 5 minutes: replays', () => {
    expect(verify(signCallback(SECRET, BODY, NOW_SECONDS - 300))).toBe('accepted');
    expect(verify(signCallback(SECRET, BODY, NOW_SECONDS - 301))).toBe('stale');
    expect(verify(signCallback(SECRET, BODY, NOW_SECONDS + 301))).toBe('stale');
    expect(verify(signed, BODY, new Date(NOW.getTime() + 3600_000))).toBe('stale');
  });

  it('refuses missing headers', () => {
    expect(verify({})).toBe('missing_signature');
    expect(verify({ 'x-carrier-signature': signed['x-carrier-signature']! })).toBe('missing_signature');
    expect(verify({ 'x-carrier-timestamp': signed['x-carrier-timestamp']! })).toBe('missing_signature');
  });

  it.each([
    ['a timestamp that is not unix seconds', { 'x-carrier-timestamp': '2025-06-02T15:00:00Z' }],
    ['a negative timestamp', { 'x-carrier-timestamp': '-1' }],
    ['a signature without the sha256= prefix', { 'x-carrier-signature': 'a'.repeat(64) }],
    ['a signature of the wrong length', { 'x-carrier-signature': `sha256=${'a'.repeat(63)}` }],
    ['a signature that is not hex', { 'x-carrier-signature': `sha256=${'z'.repeat(64)}` }],
    ['an upper-case hex signature', { 'x-carrier-signature': `sha256=${'A'.repeat(64)}` }],
    ['a repeated header', { 'x-carrier-signature': [signed['x-carrier-signature']!, signed['x-carrier-signature']!] }],
  ])('refuses %s as malformed', (_case, override) => {
    expect(verify({ ...signed, ...override })).toBe('malformed_signature');
  });
});

describe('CallbackVerifier', () => {
  it('signs and verifies with its secret and clock', () => {
    let now = NOW;
    const verifier = new CallbackVerifier(SECRET, () => now);
    const headers = verifier.sign(BODY);
    expect(rejection(() => verifier.verify(headers, BODY))).toBe('accepted');
    now = new Date(NOW.getTime() + 301_000);
    expect(rejection(() => verifier.verify(headers, BODY))).toBe('stale');
  });
});
