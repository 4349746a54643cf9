import { s256Challenge, verifyPkceS256 } from './pkce';

describe('PKCE S256', () => {
  // RFC 7636 Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('matches the RFC 7636 example', () => {
    expect(s256Challenge(verifier)).toBe(challenge);
    expect(verifyPkceS256(verifier, challenge)).toBe(true);
  });

  it('refuses a wrong, missing, short or plain verifier', () => {
    expect(verifyPkceS256(`${verifier.slice(0, -1)}A`, challenge)).toBe(false);
    expect(verifyPkceS256(undefined, challenge)).toBe(false);
    expect(verifyPkceS256('short', s256Challenge('short'))).toBe(false);
    // `plain` would compare the verifier itself with the challenge: never accepted.
    expect(verifyPkceS256(challenge, challenge)).toBe(false);
    expect(verifyPkceS256(`${verifier}!`, challenge)).toBe(false);
  });
});
