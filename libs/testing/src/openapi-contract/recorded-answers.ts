import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedAnswer } from '@suite/contracts';
import type { ContractDocument } from './answer-contract';

export interface RecordedRun {
  documents: Map<string, ContractDocument>;
  /** Distinct answers: the same sample recorded by several processes counts once. */
  answers: RecordedAnswer[];
}

/** What the apps recorded under `dir` during a run (libs/http's answer-recording.hook.ts). */
export async function readRecordedRun(dir: string): Promise<RecordedRun> {
  const documents = new Map<string, ContractDocument>();
  const documentsDir = path.join(dir, 'documents');
  for (const name of await readdir(documentsDir).catch(() => [] as string[])) {
    documents.set(name.replace(/\.json$/, ''), JSON.parse(await readFile(path.join(documentsDir, name), 'utf8')));
  }
  const lines = new Set<string>();
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.ndjson'))) {
    for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) if (line.trim()) lines.add(line);
  }
  return { documents, answers: [...lines].map((line) => JSON.parse(line) as RecordedAnswer) };
}
