import { PURCHASE_TOKEN_TTL_MS, PurchaseTokenRejectedError, PurchaseTokens } from './purchase-tokens';

const SECRET = 's'.repeat(40);
const NOW = new Date('2030-01-01T12:00:00Z');
const OFFER = { companyId: '42', phoneNumber: '+12125550100', country: 'US', type: 'local' as const };

const problemOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof PurchaseTokenRejectedError ? error.problem : String(error);
  }
};

describe('PurchaseTokens', () => {
  const tokens = new PurchaseTokens(SECRET);

  it('verifies its own token for the company until the expiry, with a fresh nonce each time', () => {
    const token = tokens.sign(OFFER, NOW);
    const offer = tokens.verify(token, '42', new Date(NOW.getTime() + PURCHASE_TOKEN_TTL_MS - 1000));
    expect(offer).toEqual({
      ...OFFER,
      expiresAt: new Date(NOW.getTime() + PURCHASE_TOKEN_TTL_MS),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(tokens.verify(tokens.sign(OFFER, NOW), '42', NOW).nonce).not.toBe(offer.nonce);
  });

  it('refuses it after 10 minutes, for another company (before saying it expired), and under another key', () => {
    const token = tokens.sign(OFFER, NOW);
    expect(problemOf(() => tokens.verify(token, '42', new Date(NOW.getTime() + PURCHASE_TOKEN_TTL_MS)))).toBe('expired');
    expect(problemOf(() => tokens.verify(token, '43', NOW))).toBe('other_company');
    expect(problemOf(() => tokens.verify(token, '43', new Date(NOW.getTime() + 2 * PURCHASE_TOKEN_TTL_MS)))).toBe(
      'other_company',
    );
    expect(problemOf(() => new PurchaseTokens('t'.repeat(40)).verify(token, '42', NOW))).toBe('malformed');
  });

  it('refuses tampered and malformed tokens', () => {
    const [body, signature] = tokens.sign(OFFER, NOW).split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const reencoded = (changes: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...payload, ...changes })).toString('base64url');
    for (const token of [
      `${reencoded({ p: '+12125550101' })}.${signature}`,
      `${reencoded({ c: '43' })}.${signature}`,
      `${body}.${signature.slice(0, -2)}`,
      `${body}.`,
      `.${signature}`,
      `${body}.${signature}.x`,
      `${body}+.${signature}`,
      '',
      'not a token',
    ]) {
      expect({ token, problem: problemOf(() => tokens.verify(token, '42', NOW)) }).toEqual({ token, problem: 'malformed' });
    }
  });

  it('without a secret, signs with a random key of the process and says so', () => {
    const warn = jest.fn();
    const first = new PurchaseTokens(undefined, { warn } as never);
    const second = new PurchaseTokens(undefined, { warn: () => undefined } as never);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('PLATFORM_PURCHASE_TOKEN_SECRET is not set'));
    const token = first.sign(OFFER, NOW);
    expect(first.verify(token, '42', NOW).phoneNumber).toBe(OFFER.phoneNumber);
    expect(problemOf(() => second.verify(token, '42', NOW))).toBe('malformed');
  });
});
