import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bootstrap, describeBootstrap, platformIsEmpty, type AdminApps } from './admin-operations';

export const BOOTSTRAP_FILE = 'bootstrap.json';

/**
 * `npm start`'s first run: when the platform holds no company yet, run the bootstrap in this
 * process (through the running apps) and print the credentials — human-readable and as JSON —
 * and keep them in `<dataDir>/bootstrap.json` (owner-only, git-ignored) for whoever missed the
 * output. Later starts find a company and do nothing. Returns whether it bootstrapped.
 */
export async function bootstrapOnFirstStart(
  apps: AdminApps,
  options: { dataDir: string; urls: { auth: string; platform: string; messaging: string } },
): Promise<boolean> {
  if (!(await platformIsEmpty(apps))) return false;
  const result = await bootstrap(apps);
  const file = path.join(options.dataDir, BOOTSTRAP_FILE);
  // A file left from an earlier database is replaced; created anew so the mode is surely 0600.
  await rm(file, { force: true });
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    console.error(`could not write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  });
  console.log(`\nFirst start: bootstrapped an empty database.\n${describeBootstrap(result, options.urls)}`);
  console.log(`\nThe same as JSON (also in ${file}, readable only by you):\n${JSON.stringify(result)}\n`);
  return true;
}
