import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret of an embedded installation: the variable when set, else generated once into
 * `.data/<file>` (owner-only) so the admin CLI and a restart see the same one.
 */
async function embeddedSecret(dataDir: string, variable: string, file: string): Promise<string>;
async function embeddedSecret(dataDir: string, variable: string, file: string, create: false): Promise<string | undefined>;
async function embeddedSecret(dataDir: string, variable: string, file: string, create = true): Promise<string | undefined> {
  const fromEnv = process.env[variable];
  if (fromEnv) return fromEnv;
  const location = path.join(dataDir, file);
  if (existsSync(location)) return (await readFile(location, 'utf8')).trim();
  if (!create) return undefined;
  const secret = randomBytes(32).toString('base64url');
  await writeFile(location, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The INTERNAL_API_TOKEN of an embedded installation (`.data/internal-api-token`). */
export const embeddedInternalToken = (dataDir: string): Promise<string> =>
  embeddedSecret(dataDir, 'INTERNAL_API_TOKEN', 'internal-api-token');

/** Auth's session-cookie key and signing-key encryption key (`.data/auth-*-secret`). */
export async function embeddedAuthSecrets(
  dataDir: string,
): Promise<{ AUTH_SESSION_SECRET: string; AUTH_KEY_ENCRYPTION_SECRET: string }> {
  return {
    AUTH_SESSION_SECRET: await embeddedSecret(dataDir, 'AUTH_SESSION_SECRET', 'auth-session-secret'),
    AUTH_KEY_ENCRYPTION_SECRET: await embeddedSecret(dataDir, 'AUTH_KEY_ENCRYPTION_SECRET', 'auth-key-encryption-secret'),
  };
}

/**
 * Platform's id encryption key (`.data/platform-id-encryption-key`), the HMAC key of its
 * phone-number purchase tokens (`.data/platform-purchase-token-secret`, so a token from a search
 * survives a restart), the shared secret of its signed voice callbacks
 * (`.data/platform-voice-callback-secret`, so the embedded suite never relies on the voice
 * sandbox's built-in, public secret) and the key that seals the ad platforms' tokens
 * (`.data/platform-secrets-key`, so a grant stored before a restart still opens): 32 random
 * bytes each, base64url.
 */
export async function embeddedPlatformSecrets(dataDir: string): Promise<{
  PLATFORM_ID_ENCRYPTION_KEY: string;
  PLATFORM_PURCHASE_TOKEN_SECRET: string;
  PLATFORM_VOICE_CALLBACK_SECRET: string;
  PLATFORM_SECRETS_KEY: string;
}> {
  return {
    PLATFORM_ID_ENCRYPTION_KEY: await embeddedSecret(dataDir, 'PLATFORM_ID_ENCRYPTION_KEY', 'platform-id-encryption-key'),
    PLATFORM_PURCHASE_TOKEN_SECRET: await embeddedSecret(
      dataDir,
      'PLATFORM_PURCHASE_TOKEN_SECRET',
      'platform-purchase-token-secret',
    ),
    PLATFORM_VOICE_CALLBACK_SECRET: await embeddedSecret(
      dataDir,
      'PLATFORM_VOICE_CALLBACK_SECRET',
      'platform-voice-callback-secret',
    ),
    PLATFORM_SECRETS_KEY: await embeddedSecret(dataDir, 'PLATFORM_SECRETS_KEY', 'platform-secrets-key'),
  };
}

/**
 * Messaging's carrier settings for `npm start`: the sandbox carrier (unless MESSAGING_CARRIER
 * says otherwise) and the shared secret of its signed callbacks (`.data/messaging-carrier-callback-secret`),
 * so the embedded suite never relies on the sandbox's built-in, public secret.
 */
export async function embeddedMessagingSecrets(
  dataDir: string,
): Promise<{ MESSAGING_CARRIER: string; MESSAGING_CARRIER_CALLBACK_SECRET: string }> {
  return {
    MESSAGING_CARRIER: process.env.MESSAGING_CARRIER ?? 'sandbox',
    MESSAGING_CARRIER_CALLBACK_SECRET: await embeddedSecret(
      dataDir,
      'MESSAGING_CARRIER_CALLBACK_SECRET',
      'messaging-carrier-callback-secret',
    ),
  };
}

/**
 * The secrets above as far as they exist — variables, else files an earlier `npm start` wrote —
 * without generating any: for the admin CLI against DATABASE_URL, which must use the same
 * AUTH_KEY_ENCRYPTION_SECRET as the apps (auth opens its sealed signing key at start) but must
 * not invent one for a database that `npm start` never ran on.
 */
export async function existingEmbeddedSecrets(dataDir: string): Promise<Record<string, string>> {
  const found: Record<string, string | undefined> = {
    INTERNAL_API_TOKEN: await embeddedSecret(dataDir, 'INTERNAL_API_TOKEN', 'internal-api-token', false),
    AUTH_SESSION_SECRET: await embeddedSecret(dataDir, 'AUTH_SESSION_SECRET', 'auth-session-secret', false),
    AUTH_KEY_ENCRYPTION_SECRET: await embeddedSecret(dataDir, 'AUTH_KEY_ENCRYPTION_SECRET', 'auth-key-encryption-secret', false),
    PLATFORM_ID_ENCRYPTION_KEY: await embeddedSecret(dataDir, 'PLATFORM_ID_ENCRYPTION_KEY', 'platform-id-encryption-key', false),
    PLATFORM_PURCHASE_TOKEN_SECRET: await embeddedSecret(
      dataDir,
      'PLATFORM_PURCHASE_TOKEN_SECRET',
      'platform-purchase-token-secret',
      false,
    ),
    MESSAGING_CARRIER_CALLBACK_SECRET: await embeddedSecret(
      dataDir,
      'MESSAGING_CARRIER_CALLBACK_SECRET',
      'messaging-carrier-callback-secret',
      false,
    ),
    PLATFORM_VOICE_CALLBACK_SECRET: await embeddedSecret(
      dataDir,
      'PLATFORM_VOICE_CALLBACK_SECRET',
      'platform-voice-callback-secret',
      false,
    ),
    PLATFORM_SECRETS_KEY: await embeddedSecret(dataDir, 'PLATFORM_SECRETS_KEY', 'platform-secrets-key', false),
  };
  return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
