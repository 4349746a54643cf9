import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { writeTypedClients } from './openapi-clients';

const ROOT = path.resolve(__dirname, '../..');
const USAGE_DIR = path.join(__dirname, 'client-usage');

/**
 * CI's proof that a consumer can trust the documents (decision 0026): a typed client is generated
 * from every app's document (openapi-typescript, as a consumer would) and type-checked with
 * openapi-fetch, together with the consumers in client-usage/ that call the messaging, auth and
 * platform APIs through it. A document that loses a request field, a 2xx body or the error shape fails
 * here. Kept under node_modules/.cache so the compiler finds openapi-fetch and @types/node.
 */
// Generating or linting four documents in child processes takes seconds, minutes on a loaded 2-core machine.
jest.setTimeout(180_000);

describe('typed clients generated from the OpenAPI documents', () => {
  let dir: string;

  beforeAll(async () => {
    await mkdir(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
    dir = await mkdtemp(path.join(ROOT, 'node_modules/.cache/openapi-clients-'));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generate from each app’s document and compile with openapi-fetch and the consumers in client-usage/', async () => {
    const generated = await writeTypedClients(dir);
    const usages: string[] = [];
    for (const name of (await readdir(USAGE_DIR)).filter((file) => file.endsWith('.usage.ts'))) {
      await copyFile(path.join(USAGE_DIR, name), path.join(dir, name));
      usages.push(path.join(dir, name));
    }
    expect(usages.map((file) => path.basename(file)).sort()).toEqual([
      'auth.usage.ts',
      'messaging.usage.ts',
      'platform.usage.ts',
      'webhook-dispatch.usage.ts',
    ]);

    const program = ts.createProgram([...generated, ...usages], {
      strict: true,
      noEmit: true,
      noUnusedLocals: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });
});
