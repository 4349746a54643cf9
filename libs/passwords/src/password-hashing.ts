import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * Password hashing for the whole suite: argon2id with OWASP's recommended minimum
 * (19 MiB memory, 2 iterations, 1 lane), stored as a PHC string that records its parameters,
 * so they can be raised later without breaking existing hashes.
 *
 * Implemented with hash-wasm (WebAssembly) rather than a native addon: the native `argon2`
 * package's prebuilt binary crashed this platform's Node, and compiling it needs a toolchain the
 * runtime images do not carry. See docs/decisions/0010-argon2-wasm.md.
 */
export const ARGON2ID_PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2ID_PARAMETERS, outputType: 'encoded' });
}

/** False for a wrong password and for anything that is not an argon2 PHC string. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2id$')) return false;
  return argon2Verify({ password, hash }).catch(() => false);
}
