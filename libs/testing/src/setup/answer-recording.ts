import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkRecordedAnswers, contractFailureMessage } from '../openapi-contract/check-recorded-answers';

/**
 * libs/contracts' ANSWER_RECORDING_VARIABLE, spelt out: jest loads global setup without the
 * `@suite/*` path mapping (libs/http's answer-recording.spec.ts checks the two agree).
 */
export const ANSWER_RECORDING_VARIABLE = 'OPENAPI_ANSWERS_DIR';

/**
 * The integration run records the apps' answers (decision 0026): a fresh directory named in
 * ANSWER_RECORDING_VARIABLE, which the workers and every process they start inherit. A directory
 * set from outside is used and kept.
 */
export async function startAnswerRecording(): Promise<{ dir: string; owned: boolean }> {
  const preset = process.env[ANSWER_RECORDING_VARIABLE];
  if (preset) return { dir: preset, owned: false };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-answers-'));
  process.env[ANSWER_RECORDING_VARIABLE] = dir;
  return { dir, owned: true };
}

/**
 * At the end of the run: every recorded answer against its app's document. Returns the failure
 * (kept for global teardown to throw after the services are stopped), or null; the directory is
 * removed when the answers conform and it was ours.
 */
export async function finishAnswerRecording(recording: { dir: string; owned: boolean }): Promise<Error | null> {
  const report = await checkRecordedAnswers(recording.dir);
  console.log(
    `[testing] OpenAPI contract: ${report.checked} distinct answers on ${report.operations} documented operations checked` +
      (report.problems.length
        ? `, ${report.problems.length} problem(s); answers kept in ${recording.dir}`
        : ', all as documented'),
  );
  if (report.problems.length > 0) return new Error(contractFailureMessage(report));
  if (recording.owned) await rm(recording.dir, { recursive: true, force: true });
  return null;
}
