import { credentialDigest, generateOpaqueCredential, parseOpaqueCredential } from './opaque-credential';

describe('opaque credentials', () => {
  it('generates recognisable, well-formed, unique values', () => {
    const pat = generateOpaqueCredential('personal_access_token');
    const key = generateOpaqueCredential('api_key');
    expect(pat).toMatch(/^suite_pat_[0-9A-Za-z]{36}$/);
    expect(key).toMatch(/^suite_key_[0-9A-Za-z]{36}$/);
    expect(parseOpaqueCredential(pat)).toBe('personal_access_token');
    expect(parseOpaqueCredential(key)).toBe('api_key');
    expect(generateOpaqueCredential('api_key')).not.toBe(key);
  });

  it('refuses a mistyped, truncated or foreign value without any lookup', () => {
    const pat = generateOpaqueCredential('personal_access_token');
    const flipped = pat.slice(0, 12) + (pat[12] === 'a' ? 'b' : 'a') + pat.slice(13);
    expect(parseOpaqueCredential(flipped)).toBeNull();
    expect(parseOpaqueCredential(pat.slice(0, -1))).toBeNull();
    expect(parseOpaqueCredential(`${pat}x`)).toBeNull();
    expect(parseOpaqueCredential('ghp_0123456789abcdefghijklmnopqrstuvwxyz')).toBeNull();
    expect(parseOpaqueCredential(pat.replace('suite_pat_', 'suite_key_'))).toBe('api_key');
  });

  it('stores a 64-hex SHA-256 digest', () => {
    expect(credentialDigest('x')).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });
});
