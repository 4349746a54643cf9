import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The INTERNAL_API_TOKEN of an embedded installation: generated once, kept in
 * `.data/internal-api-token` (owner-only) so the admin CLI and a restart see the same one.
 */
export async function embeddedInternalToken(dataDir: string): Promise<string> {
  if (process.env.INTERNAL_API_TOKEN) return process.env.INTERNAL_API_TOKEN;
  const file = path.join(dataDir, 'internal-api-token');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const token = randomBytes(32).toString('base64url');
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}
