import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** What heap-probe.js wrote after a GC in the platform's process. */
export interface HeapFigures {
  probe: number;
  usedHeapBytes: number;
  totalHeapBytes: number;
  mallocedBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  rssBytes: number;
  nativeContexts: number;
  detachedContexts: number;
}

/** The node arguments that load the probe into the platform, and where it writes. */
export function heapProbeArgs(file: string): { nodeArgs: string[]; env: Record<string, string> } {
  return { nodeArgs: ['--expose-gc', '--require', `${__dirname}/heap-probe.js`], env: { BENCH_HEAP_PROBE_FILE: file } };
}

/** Asks the process for a GC and its heap after it; null when it does not answer within `timeoutMs`. */
export async function heapAfterGc(pid: number, file: string, timeoutMs = 10_000): Promise<HeapFigures | null> {
  const before = read(file)?.probe ?? 0;
  process.kill(pid, 'SIGUSR2');
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    const figures = read(file);
    if (figures && figures.probe > before) return figures;
  }
  return null;
}

function read(file: string): HeapFigures | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as HeapFigures;
  } catch {
    // Being written: the next look reads it whole.
    return null;
  }
}
