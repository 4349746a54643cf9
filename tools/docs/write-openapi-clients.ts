import path from 'node:path';
import { writeTypedClients } from './openapi-clients';

/**
 * `npm run docs:clients [-- <dir>]`: each app's OpenAPI document and the typed client
 * (openapi-typescript) generated from it, without starting anything. Default dir: dist/openapi-clients.
 */
async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? 'dist/openapi-clients');
  const files = await writeTypedClients(dir);
  console.log(`docs:clients: ${files.length} documents and typed clients written to ${dir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
