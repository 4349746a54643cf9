import { AnswerContract } from './answer-contract';
import { readRecordedRun } from './recorded-answers';

export interface ContractReport {
  /** Distinct answers recorded. */
  answers: number;
  /** Of which on documented operations, checked. */
  checked: number;
  /** Operations (app, method, route) whose answers were checked. */
  operations: number;
  /** One line per operation, status and problem; empty when every answer conforms. */
  problems: string[];
}

/** Checks every answer recorded under `dir` against the document of the process that gave it. */
export async function checkRecordedAnswers(dir: string): Promise<ContractReport> {
  const run = await readRecordedRun(dir);
  const contract = new AnswerContract(run.documents);
  const problems = new Map<string, string>();
  const operations = new Set<string>();
  let checked = 0;
  for (const answer of run.answers) {
    const verdict = contract.verdict(answer);
    if (verdict.kind === 'not-documented-route') continue;
    checked++;
    operations.add(`${answer.app} ${answer.method} ${answer.route}`);
    if (verdict.kind === 'conforms') continue;
    const key = `${answer.app} ${answer.method} ${answer.route} → ${answer.status} ${answer.contentType ?? ''}: ${verdict.problem}`;
    if (!problems.has(key)) problems.set(key, `${key}\n    body: ${(answer.body ?? '(not recorded)').slice(0, 200)}`);
  }
  return { answers: run.answers.length, checked, operations: operations.size, problems: [...problems.values()].sort() };
}

/** The report as a failure message a developer can act on. */
export function contractFailureMessage(report: ContractReport): string {
  return [
    `${report.problems.length} answer(s) seen in the integration tests are not what the OpenAPI documents say (decision 0026).`,
    'Document the status or the body on the route (@ApiErrors, a response DTO), or fix the answer:',
    ...report.problems.map((problem) => `  ${problem}`),
  ].join('\n');
}
