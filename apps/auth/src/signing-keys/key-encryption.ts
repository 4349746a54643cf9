import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const SALT = 'suite-auth-signing-keys';
const INFO = 'aes-256-gcm v1';

/**
 * Seals private keys at rest: AES-256-GCM with a key derived (HKDF-SHA256) from
 * AUTH_KEY_ENCRYPTION_SECRET, a random 96-bit IV per key, and the kid as associated data (a
 * sealed key cannot be moved to another row). Without a secret the PEM is stored as `plain:`.
 */
export class KeyEncryption {
  private readonly key: Buffer | undefined;

  constructor(secret: string | undefined) {
    this.key = secret ? Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32)) : undefined;
  }

  get encrypts(): boolean {
    return this.key !== undefined;
  }

  seal(plaintext: string, kid: string): string {
    if (!this.key) return `plain:${plaintext}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(kid));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `enc:v1:${[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')}`;
  }

  open(stored: string, kid: string): string {
    if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
    if (!stored.startsWith('enc:v1:')) throw new Error(`signing key ${kid}: unknown storage format`);
    if (!this.key) throw new Error(`signing key ${kid} is encrypted but AUTH_KEY_ENCRYPTION_SECRET is not set`);
    const [iv, tag, ciphertext] = stored
      .slice('enc:v1:'.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext) throw new Error(`signing key ${kid}: malformed sealed value`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`signing key ${kid} cannot be decrypted: AUTH_KEY_ENCRYPTION_SECRET differs from the one that sealed it`);
    }
  }
}
