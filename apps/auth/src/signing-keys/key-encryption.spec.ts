import { KeyEncryption } from './key-encryption';

describe('KeyEncryption', () => {
  const secret = 's'.repeat(40);

  it('seals and opens, binding the value to its kid', () => {
    const encryption = new KeyEncryption(secret);
    const sealed = encryption.seal('-----BEGIN PRIVATE KEY-----', 'kid-1');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('PRIVATE');
    expect(encryption.open(sealed, 'kid-1')).toBe('-----BEGIN PRIVATE KEY-----');
    expect(() => encryption.open(sealed, 'kid-2')).toThrow(/cannot be decrypted/);
    expect(() => new KeyEncryption('t'.repeat(40)).open(sealed, 'kid-1')).toThrow(/cannot be decrypted/);
    expect(() => new KeyEncryption(undefined).open(sealed, 'kid-1')).toThrow(/not set/);
  });

  it('stores plainly without a secret', () => {
    const encryption = new KeyEncryption(undefined);
    expect(encryption.open(encryption.seal('pem', 'k'), 'k')).toBe('pem');
  });
});
