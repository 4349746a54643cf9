import { SecretBox, SecretBoxError } from './secret-box';

describe('SecretBox', () => {
  const key = 'k'.repeat(32);
  const other = 'o'.repeat(40);
  const box = SecretBox.fromKeys(key);

  it('opens what it sealed, with a fresh IV each time, and never shows the plaintext', () => {
    const first = box.seal('EAAB-access-token', 'ad-grant:7:facebook:access');
    const second = box.seal('EAAB-access-token', 'ad-grant:7:facebook:access');
    expect(first).not.toBe(second);
    expect(first).not.toContain('EAAB');
    expect(first.split('.')).toHaveLength(5);
    expect(first.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.open(first, 'ad-grant:7:facebook:access')).toBe('EAAB-access-token');
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
    expect(box.open(box.seal('ünïcødé ✓', 'c'), 'c')).toBe('ünïcødé ✓');
  });

  it('refuses a value sealed for another context (another company, row or field)', () => {
    const sealed = box.seal('token', 'ad-grant:7:facebook:access');
    expect(() => box.open(sealed, 'ad-grant:8:facebook:access')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'ad-grant:7:facebook:refresh')).toThrow(SecretBoxError);
  });

  it('refuses altered and malformed values', () => {
    const sealed = box.seal('token', 'c');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 4), flipped.toString('base64url')].join('.'), 'c')).toThrow(SecretBoxError);
    for (const bad of ['', 'token', 'v2.x.y.z.w', `v1.${box.keyId}.AA.AA.AA`, `${sealed}.extra`, `v1.${box.keyId}...`]) {
      expect(() => box.open(bad, 'c')).toThrow(SecretBoxError);
    }
  });

  it('names its key by an id that is stable for a key, differs between keys and reveals nothing of it', () => {
    expect(SecretBox.fromKeys(key).keyId).toBe(box.keyId);
    expect(SecretBox.fromKeys(other).keyId).not.toBe(box.keyId);
    expect(box.keyId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(key).not.toContain(box.keyId);
    expect(SecretBox.keyIdOf(box.seal('x', 'c'))).toBe(box.keyId);
    expect(SecretBox.keyIdOf('plain')).toBeNull();
  });

  it('rotates: the new key seals, values of a previous key still open, a key not configured is named', () => {
    const sealedBefore = box.seal('old token', 'c');
    const rotated = SecretBox.fromKeys(other, [key]);
    expect(rotated.open(sealedBefore, 'c')).toBe('old token');
    expect(SecretBox.keyIdOf(rotated.seal('new token', 'c'))).toBe(rotated.keyId);
    expect(() => SecretBox.fromKeys(other).open(sealedBefore, 'c')).toThrow(new RegExp(`key ${box.keyId}`));
  });

  it('refuses keys shorter than 32 characters', () => {
    expect(() => SecretBox.fromKeys('short')).toThrow(/at least 32/);
    expect(() => SecretBox.fromKeys(key, ['short'])).toThrow(/at least 32/);
  });
});
