import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/** Linux clock ticks per second (`getconf CLK_TCK`; 100 on every mainstream x86 and arm kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) the process has used so far, from /proc; null off Linux or once it is
 * gone. With `thread` (a thread id; the process id is its main thread), that thread's alone.
 */
export function processCpuSeconds(pid: number, thread?: number): number | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU a target spends per request, its own process and its PostgreSQL backends (when the server
 * runs on this machine: /proc shows them), measured around one load run. On a shared machine the
 * req/s of a run depend on what else runs; CPU per request hardly does, so this is the figure to
 * compare between runs.
 */
export class CpuMeter {
  private constructor(
    private readonly appPid: number,
    private readonly backendPids: number[],
  ) {}

  /** The backends are the database's connections at the time of the call (the warmed-up pool). */
  static async start(appPid: number, databaseUrl: string): Promise<CpuMeter> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return new CpuMeter(
        appPid,
        rows.map((row) => row.pid),
      );
    } finally {
      await client.end();
    }
  }

  snapshot(): CpuSnapshot {
    return {
      app: processCpuSeconds(this.appPid),
      backends: new Map(this.backendPids.map((pid) => [pid, processCpuSeconds(pid)])),
    };
  }
}

export interface CpuSnapshot {
  app: number | null;
  backends: Map<number, number | null>;
}

export interface CpuPerRequest {
  /** Milliseconds of CPU per request; null when not measurable here. */
  appMs: number | null;
  databaseMs: number | null;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  if (requests === 0) return { appMs: null, databaseMs: null };
  const appMs = before.app === null || after.app === null ? null : ((after.app - before.app) * 1000) / requests;
  // Only backends seen at both ends (one that closed in between would count negative).
  let database = 0;
  let seen = 0;
  for (const [pid, start] of before.backends) {
    const end = after.backends.get(pid);
    if (start == null || end == null) continue;
    database += end - start;
    seen++;
  }
  return { appMs, databaseMs: seen === 0 ? null : (database * 1000) / requests };
}
