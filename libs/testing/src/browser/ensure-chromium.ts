import { accessSync, constants } from 'node:fs';
import { runCommand } from '../util/run-command';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** apt-get update + install of Debian's chromium: a few hundred MB on a slow mirror. */
const DEFAULT_INSTALL_TIMEOUT_MS = 300_000;

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Debian's Chromium for browser tests (playwright-core drives it; no browser is ever
 * downloaded by Playwright). Returns /usr/bin/chromium when present; otherwise, as root,
 * installs the `chromium` package with apt (bounded by `timeoutMs`) and returns its path.
 * Anything else is a clear error saying how to install it.
 */
export async function ensureChromium(options: { timeoutMs?: number } = {}): Promise<string> {
  if (isExecutable(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const howTo = 'install it with `apt-get update && apt-get install -y chromium` (Debian/Ubuntu)';
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`${CHROMIUM_PATH} not found and this process is not root, so it cannot install it: ${howTo}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS;
  const result = await runCommand('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium'], {
    timeoutMs,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxOutputChars: 4000,
  });
  if (result.code !== 0 || !isExecutable(CHROMIUM_PATH)) {
    throw new Error(
      `installing chromium with apt failed (exit ${result.code ?? result.signal}, limit ${Math.round(timeoutMs / 1000)} s): ${howTo}\n${result.output}`,
    );
  }
  return CHROMIUM_PATH;
}
