import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { canonicalId, decodePlainId } from '@suite/http';

/** Prefix of an encrypted id, so one is recognisable at a glance (and never mistaken for base64). */
export const ENCRYPTED_ID_PREFIX = 'enc_';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Additional authenticated data: a ciphertext made for something else never decodes as an id. */
const AAD = Buffer.from('platform-id:v1');

/**
 * Path ids of the platform API in the three spellings the spec accepts, all decoded to the
 * numeric id (a decimal string, the way bigint columns come back):
 *  - numeric: `42`;
 *  - base64 of the number: `NDI=` (padding optional, URL-safe alphabet accepted);
 *  - encrypted: `enc_` + base64url(iv ‖ AES-256-GCM(id) ‖ tag) with the server key
 *    (PLATFORM_ID_ENCRYPTION_KEY). GCM authenticates: a tampered or foreign value is refused.
 * `decode` answers null for anything else; the pipe turns that into a 404.
 */
export class PlatformIdCodec {
  private readonly key: Buffer | null;

  /** `key`: 32 bytes, or null when encrypted ids are not configured (they are then refused). */
  constructor(key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('The id encryption key must be 32 bytes');
    this.key = key;
  }

  /** Parses a 32-byte key given as base64 or base64url; null when the text is not one. */
  static parseKey(text: string): Buffer | null {
    const trimmed = text.trim();
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }

  get encryptionEnabled(): boolean {
    return this.key !== null;
  }

  decode(raw: string | undefined | null): string | null {
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > 200) return null;
    if (raw.startsWith(ENCRYPTED_ID_PREFIX)) return this.decrypt(raw.slice(ENCRYPTED_ID_PREFIX.length));
    return decodePlainId(raw);
  }

  /** The encrypted spelling of `id`; a fresh IV each time, so two encodings differ. */
  encrypt(id: string | number | bigint): string {
    if (!this.key) throw new Error('PLATFORM_ID_ENCRYPTION_KEY is not configured');
    const canonical = canonicalId(String(id));
    if (!canonical) throw new Error('Only positive integer ids can be encrypted');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(canonical, 'utf8'), cipher.final()]);
    return ENCRYPTED_ID_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  private decrypt(encoded: string): string | null {
    if (!this.key || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
    const bytes = Buffer.from(encoded, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== encoded) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(AAD);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return /^[0-9]+$/.test(plain) ? canonicalId(plain) : null;
    } catch {
      // Wrong key, tampered bytes or tag: authentication failed.
      return null;
    }
  }
}

/** The numeric and base64 spellings, decoded without a key (libs/http; ids held in data such as workflow graphs use it too). */
export { decodePlainId };
