import { randomBytes } from 'node:crypto';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Personal access tokens and workspace API keys are opaque secrets with a recognisable prefix
 * and a checksum (the GitHub token format idea): `suite_pat_<30 base62><6 base62 crc32>`.
 * The prefix lets secret scanners and humans recognise them; the checksum lets any app refuse
 * a mistyped or made-up value without a database lookup. Only the SHA-256 digest is stored:
 * the secret has 178 bits of entropy, so a fast hash is safe (no dictionary to attack).
 */
export const CREDENTIAL_PREFIXES = { personal_access_token: 'suite_pat_', api_key: 'suite_key_' } as const;
export type OpaqueCredentialKind = keyof typeof CREDENTIAL_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 30;
const CHECKSUM_LENGTH = 6;

function base62(bytes: Buffer, length: number): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (out.length < length) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

const checksumOf = (body: string) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(crc32(body) >>> 0);
  return base62(buffer, CHECKSUM_LENGTH);
};

export function generateOpaqueCredential(kind: OpaqueCredentialKind): string {
  const body = base62(randomBytes(24), BODY_LENGTH);
  return `${CREDENTIAL_PREFIXES[kind]}${body}${checksumOf(body)}`;
}

/** The kind of a well-formed credential, or null when the prefix, length, alphabet or checksum is wrong. */
export function parseOpaqueCredential(value: string): OpaqueCredentialKind | null {
  for (const [kind, prefix] of Object.entries(CREDENTIAL_PREFIXES) as Array<[OpaqueCredentialKind, string]>) {
    if (!value.startsWith(prefix)) continue;
    const rest = value.slice(prefix.length);
    if (rest.length !== BODY_LENGTH + CHECKSUM_LENGTH || !/^[0-9A-Za-z]+$/.test(rest)) return null;
    const body = rest.slice(0, BODY_LENGTH);
    return rest.slice(BODY_LENGTH) === checksumOf(body) ? kind : null;
  }
  return null;
}

/** What is stored and looked up: hex SHA-256 of the whole value. */
export const credentialDigest = (value: string): string => createHash('sha256').update(value).digest('hex');
