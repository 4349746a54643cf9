import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The shortest PLATFORM_SECRETS_KEY accepted (and each of PLATFORM_SECRETS_PREVIOUS_KEYS). */
export const MIN_SECRETS_KEY_LENGTH = 32;

const FORMAT = 'v1';
const SALT = 'suite-platform-secrets';
const CIPHER_INFO = 'aes-256-gcm v1';
const KEY_ID_INFO = 'key-id v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: unknown key, tampered bytes, or sealed for another context. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

interface SealingKey {
  id: string;
  key: Buffer;
}

/**
 * Seals secrets the platform must store and read back (ad platforms' OAuth tokens): AES-256-GCM
 * under a key derived with HKDF-SHA256 from PLATFORM_SECRETS_KEY, a random 96-bit IV per value,
 * and a context (which row and field) as associated data, so a sealed value copied into another
 * row or company does not open. A sealed value names its key by an id (HKDF of the key under
 * another label: it reveals nothing of the key), so keys can rotate: the current key seals, and
 * values sealed under a previous key (PLATFORM_SECRETS_PREVIOUS_KEYS) still open until they are
 * sealed again. Format: `v1.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, SealingKey>;

  private constructor(
    private readonly current: SealingKey,
    previous: readonly SealingKey[],
  ) {
    this.keys = new Map([...previous, current].map((key) => [key.id, key]));
  }

  /** `current` seals and opens; `previous` only open (a rotation in progress). Each at least MIN_SECRETS_KEY_LENGTH characters. */
  static fromKeys(current: string, previous: readonly string[] = []): SecretBox {
    return new SecretBox(deriveKey(current), previous.map(deriveKey));
  }

  /** The id of the key that seals now: a stored value under another id is due to be sealed again. */
  get keyId(): string {
    return this.current.id;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [FORMAT, this.current.id, ...parts].join('.');
  }

  /** The plaintext; throws SecretBoxError when the value is malformed, sealed under a key not configured, or for another context. */
  open(sealed: string, context: string): string {
    const [format, keyId, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (format !== FORMAT || !keyId || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new SecretBoxError('not a sealed value');
    }
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`sealed under key ${keyId}, which is neither PLATFORM_SECRETS_KEY nor a previous key`);
    const tagBytes = Buffer.from(tag, 'base64url');
    const ivBytes = Buffer.from(iv, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretBoxError('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', key.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    try {
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed value does not open: altered, or sealed for something else');
    }
  }

  /** The id of the key a value was sealed under (null when it is not a sealed value). */
  static keyIdOf(sealed: string): string | null {
    const [format, keyId] = sealed.split('.');
    return format === FORMAT && keyId ? keyId : null;
  }
}

function deriveKey(secret: string): SealingKey {
  if (secret.length < MIN_SECRETS_KEY_LENGTH)
    throw new Error(`a secrets key must be at least ${MIN_SECRETS_KEY_LENGTH} characters`);
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, CIPHER_INFO, 32));
  const id = Buffer.from(hkdfSync('sha256', secret, SALT, KEY_ID_INFO, 6)).toString('base64url');
  return { id, key };
}
