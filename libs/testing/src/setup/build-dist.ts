import path from 'node:path';
import { runCommand } from '../util/run-command';

/** The repository root, from libs/testing/src/setup. */
const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * Compiles apps/, libs/ and tools/ to dist/ once for the whole integration run: the specs that
 * start compiled processes (the `npm start` launcher, the admin CLI, a standalone app) use it.
 * Built here and not by each spec, because the build first deletes dist/ — with several jest
 * workers one spec's build would remove the files another spec's running process loads.
 */
export async function buildDist(): Promise<void> {
  const result = await runCommand(process.execPath, ['tools/build.mjs', '--quiet'], { cwd: REPO_ROOT, timeoutMs: 120_000 });
  if (result.code !== 0) throw new Error(`node tools/build.mjs failed (${result.code ?? result.signal}):\n${result.output}`);
}
