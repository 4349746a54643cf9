import { randomBytes } from 'node:crypto';
import { AppError } from '@suite/http';
import { ENCRYPTED_ID_PREFIX, PlatformIdCodec } from './platform-id.codec';
import { PlatformIdPipe } from './platform-id.pipe';

const setup = (key: Buffer | null = randomBytes(32)) => ({ sut: new PlatformIdCodec(key), key });

describe('PlatformIdCodec', () => {
  it('decodes numeric ids, dropping leading zeros', () => {
    const { sut } = setup();
    expect(sut.decode('42')).toBe('42');
    expect(sut.decode('0042')).toBe('42');
    expect(sut.decode('9223372036854775807')).toBe('9223372036854775807');
  });

  it('decodes base64 of the number, padded or not, standard or URL-safe', () => {
    const { sut } = setup();
    expect(sut.decode('NDI=')).toBe('42');
    expect(sut.decode('NDI')).toBe('42');
    expect(sut.decode(Buffer.from('123456789').toString('base64'))).toBe('123456789');
    expect(sut.decode(Buffer.from('9999').toString('base64url'))).toBe('9999');
  });

  it('round-trips encrypted ids, each encoding different', () => {
    const { sut } = setup();
    const first = sut.encrypt('42');
    const second = sut.encrypt(42);
    expect(first.startsWith(ENCRYPTED_ID_PREFIX)).toBe(true);
    expect(first).not.toBe(second);
    expect(sut.decode(first)).toBe('42');
    expect(sut.decode(second)).toBe('42');
    expect(sut.decode(sut.encrypt('9223372036854775807'))).toBe('9223372036854775807');
  });

  it('refuses a tampered encrypted id', () => {
    const { sut } = setup();
    const encoded = sut.encrypt('42');
    const bytes = Buffer.from(encoded.slice(ENCRYPTED_ID_PREFIX.length), 'base64url');
    for (const index of [0, 12, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = tampered[index]! ^ 0x01;
      expect(sut.decode(ENCRYPTED_ID_PREFIX + tampered.toString('base64url'))).toBeNull();
    }
    expect(sut.decode(encoded.slice(0, -2))).toBeNull();
    expect(sut.decode(encoded + 'A')).toBeNull();
  });

  it('refuses an id encrypted with another key, and every encrypted id when no key is configured', () => {
    const encoded = setup().sut.encrypt('42');
    expect(setup().sut.decode(encoded)).toBeNull();
    const { sut: keyless } = setup(null);
    expect(keyless.encryptionEnabled).toBe(false);
    expect(keyless.decode(encoded)).toBeNull();
    expect(keyless.decode('42')).toBe('42');
    expect(() => keyless.encrypt('42')).toThrow(/not configured/);
  });

  it.each([
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-1'],
    ['decimal', '4.2'],
    ['beyond bigint', '9223372036854775808'],
    ['text', 'abc'],
    ['base64 of text', Buffer.from('hello').toString('base64')],
    ['base64 of zero', Buffer.from('0').toString('base64')],
    ['base64 of a negative', Buffer.from('-5').toString('base64')],
    ['non-canonical base64', 'NDJ='],
    ['bad base64 length', 'NDIxN'],
    ['prefix only', 'enc_'],
    ['encrypted garbage', 'enc_' + randomBytes(40).toString('base64url')],
    ['encrypted not base64url', 'enc_$$$'],
    ['spaces', ' 42'],
    ['path tricks', '../42'],
    ['very long', '1'.repeat(300)],
  ])('refuses %s', (_what, value) => {
    expect(setup().sut.decode(value)).toBeNull();
  });

  it('parses a 32-byte base64 or base64url key and nothing else', () => {
    const key = randomBytes(32);
    expect(PlatformIdCodec.parseKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(PlatformIdCodec.parseKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(PlatformIdCodec.parseKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(PlatformIdCodec.parseKey('not a key!')).toBeNull();
    expect(() => new PlatformIdCodec(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('PlatformIdPipe', () => {
  const { sut: codec } = setup();
  const pipe = new PlatformIdPipe(codec);

  it('turns every accepted spelling into the numeric id', () => {
    expect(pipe.transform('42')).toBe('42');
    expect(pipe.transform('NDI=')).toBe('42');
    expect(pipe.transform(codec.encrypt('42'))).toBe('42');
  });

  it.each(['garbage', 'enc_nope', '0', '', undefined])('answers 404 for %p', (value) => {
    let caught: unknown;
    try {
      pipe.transform(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(404);
  });
});
