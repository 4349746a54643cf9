import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeDocuments } from './openapi-clients';
import { APP_NAMES } from './openapi-documents';

const ROOT = path.resolve(__dirname, '../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const CONFIG = path.join(__dirname, 'redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
}

/**
 * Warnings of the recommended rules the documents keep on purpose; any other warning fails too.
 * - `info-license`: the APIs are not published under a licence.
 * - `no-ambiguous-paths`: the spec's second spellings of a route (`/api/users/update/{id}` beside
 *   `/api/users/{id}/login-as`); a literal segment wins over a parameter, so each path still has
 *   one operation.
 */
const ACCEPTED_WARNINGS = new Set(['info-license', 'no-ambiguous-paths']);

/**
 * Operations whose success is a browser redirect, kept from `operation-2xx-response` one by one:
 * the start of an ad platform's consent and the sandbox's consent page answer 302 by design
 * (decision 0043); nothing else may.
 */
const REDIRECTING_OPERATIONS = [
  '#/paths/~1api~1ad-accounts~1connect~1{provider}/get',
  '#/paths/~1api~1sandbox~1ad-consent~1{provider}/get',
];
const redirectsByDesign = (problem: LintReport['problems'][number]): boolean =>
  problem.ruleId === 'operation-2xx-response' &&
  REDIRECTING_OPERATIONS.some((operation) => problem.location[0]?.pointer === `${operation}/responses`);

/**
 * `redocly lint` as a client's toolchain runs it (issue 27): Redocly's recommended rules over each
 * app's document, built without a database as `/docs-json` serves it. Telemetry and update checks
 * are off: the lint reads only the files.
 */
async function lint(file: string): Promise<LintReport> {
  const run = promisify(execFile)(
    process.execPath,
    [REDOCLY, 'lint', '--config', CONFIG, '--format', 'json', '--max-problems', '1000', file],
    {
      cwd: ROOT,
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    },
  );
  // Exit code 1 means "problems found": the report is on stdout either way.
  const stdout = await run.then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  return JSON.parse(stdout) as LintReport;
}

// Generating or linting four documents in child processes takes seconds, minutes on a loaded 2-core machine.
jest.setTimeout(180_000);

describe('redocly lint (recommended rules) on every app’s OpenAPI document', () => {
  let dir: string;

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports no error, and no warning but the accepted ones', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
    const files = await writeDocuments(dir);
    const reports = await Promise.all(files.map(async ({ app, file }) => ({ app, report: await lint(file) })));
    const problems = reports.flatMap(({ app, report }) =>
      report.problems
        .filter(
          (problem) => problem.severity === 'error' || !(ACCEPTED_WARNINGS.has(problem.ruleId) || redirectsByDesign(problem)),
        )
        .map(
          (problem) => `${app} ${problem.location[0]?.pointer ?? ''} ${problem.severity} ${problem.ruleId}: ${problem.message}`,
        ),
    );
    expect(problems).toEqual([]);
    expect(reports.map(({ report }) => report.totals.errors)).toEqual(APP_NAMES.map(() => 0));
  });
});
