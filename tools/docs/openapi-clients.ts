import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppName } from '@suite/contracts';
import { APP_NAMES, appDocument } from './openapi-documents';

/**
 * openapi-typescript in a node process of its own: its dependencies are ES modules, which node
 * loads and jest's module system does not. Reads each `<name>.json`, writes `<name>.ts`.
 */
const GENERATE = `
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
for (const file of process.argv.slice(1)) {
  const document = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file.replace(/\\.json$/, '.ts'), astToString(await openapiTS(document)));
}`;

/**
 * What a consumer does with each app's `/docs-json`: openapi-typescript turns it into the
 * `paths` and `components` types openapi-fetch takes. Writes `<app>.openapi.json` (the
 * document) and `<app>.openapi.ts` (the types) for every app into `dir`; returns the .ts files.
 */
export async function writeTypedClients(dir: string): Promise<string[]> {
  const documents = (await writeDocuments(dir)).map(({ file }) => file);
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', GENERATE, ...documents], {
    cwd: path.resolve(__dirname, '../..'),
    timeout: 60_000,
  });
  return documents.map((file) => file.replace(/\.json$/, '.ts'));
}

/** Each app's document as `/docs-json` serves it, written to `<dir>/<app>.openapi.json`. */
export async function writeDocuments(dir: string): Promise<Array<{ app: AppName; file: string }>> {
  await mkdir(dir, { recursive: true });
  const written = [];
  for (const app of APP_NAMES) {
    const file = path.join(dir, `${app}.openapi.json`);
    await writeFile(file, `${JSON.stringify(await appDocument(app), null, 2)}\n`);
    written.push({ app, file });
  }
  return written;
}
