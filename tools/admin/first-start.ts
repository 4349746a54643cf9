import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bootstrap, describeBootstrap, platformIsEmpty, type AdminApps } from './admin-operations';

export const BOOTSTRAP_FILE = 'bootstrap.json';

/**
 * `npm start`'s first run: when the platform holds no company yet, run the bootstrap in this
 * process (through the running apps), keep the credentials in `<dataDir>/bootstrap.json`
 * (owner-only, git-ignored) for whoever missed the output, and return them as text to show —
 * human-readable and as JSON — in the launcher's banner. Later starts find a company, do nothing
 * and return undefined.
 */
export async function bootstrapOnFirstStart(
  apps: AdminApps,
  options: { dataDir: string; urls: { auth: string; platform: string; messaging: string } },
): Promise<string | undefined> {
  if (!(await platformIsEmpty(apps))) return undefined;
  const result = await bootstrap(apps);
  const file = path.join(options.dataDir, BOOTSTRAP_FILE);
  // A file left from an earlier database is replaced; created anew so the mode is surely 0600.
  await rm(file, { force: true });
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    console.error(`could not write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return [
    'First start: bootstrapped an empty database.',
    describeBootstrap(result, options.urls),
    '',
    `The same as JSON (also in ${file}, readable only by you):`,
    JSON.stringify(result),
  ].join('\n');
}
