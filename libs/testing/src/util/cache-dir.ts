import os from 'node:os';
import path from 'node:path';

/**
 * Where downloaded test tooling (Kafka jars) lives: outside the git tree so it survives
 * `git clean` and is shared by every checkout. SUITE_CACHE_DIR wins, then the XDG cache.
 */
export function suiteCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SUITE_CACHE_DIR) return path.resolve(env.SUITE_CACHE_DIR);
  const xdgCache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(path.resolve(xdgCache), 'suite');
}
