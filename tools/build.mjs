// Compiles apps/, libs/ and tools/ TypeScript to dist/ with swc, one file at a time.
// Why not tsc: a full tsc emit takes tens of seconds on a 2-core machine and `npm start`
// must answer within a minute; type checking runs separately (`npm run typecheck`, CI).
// Path aliases from tsconfig.base.json are rewritten to relative requires at compile time,
// so the output runs with plain `node` (no runtime path hooks).
import { transformFile } from '@swc/core';
import { mkdir, readdir, readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
const sourceRoots = ['apps', 'libs', 'tools'];
const isTest = (f) => /\.(spec|integration-spec)\.ts$/.test(f) || f.endsWith('.d.ts');

const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.base.json'), 'utf8'));
const swcOptions = {
  sourceMaps: true,
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
    baseUrl: root,
    // Only our own aliases are rewritten; other entries only help the type checker find typings.
    paths: Object.fromEntries(Object.entries(tsconfig.compilerOptions.paths).filter(([alias]) => alias.startsWith('@suite/'))),
  },
};

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* walk(full);
    } else if (entry.name.endsWith('.ts') && !isTest(entry.name)) {
      yield full;
    }
  }
}

const started = Date.now();
await rm(outDir, { recursive: true, force: true });
const files = [];
for (const src of sourceRoots) for await (const f of walk(path.join(root, src))) files.push(f);
await Promise.all(
  files.map(async (file) => {
    const rel = path.relative(root, file);
    const target = path.join(outDir, rel.replace(/\.ts$/, '.js'));
    const { code, map } = await transformFile(file, { ...swcOptions, filename: file, outputPath: target });
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map`);
    if (map) await writeFile(`${target}.map`, map);
  }),
);
if (!process.argv.includes('--quiet')) {
  console.error(`build: ${files.length} files compiled to dist/ in ${Date.now() - started} ms`);
}
