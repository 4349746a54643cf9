import type { Client } from 'pg';
import { processCpuSeconds, type CpuPerRequest } from '../messaging/process-cpu';

interface Reading {
  process: number | null;
  backends: Map<number, number | null>;
}

/**
 * CPU a target spends per run over one load: its process and the database's backends (on this
 * machine: /proc shows them) but this bench's own connection. Unlike CpuMeter, backends that open
 * during the load count from zero: a pool that grows under the load (the baseline's, lazily
 * opened) is not missed. A backend that closes during the load is (pools keep theirs busy).
 */
export class LoadCpu {
  private constructor(
    private readonly pid: number,
    private readonly client: Client,
    private readonly start: Reading,
  ) {}

  static async start(pid: number, client: Client): Promise<LoadCpu> {
    return new LoadCpu(pid, client, await read(pid, client));
  }

  async perRun(runs: number): Promise<CpuPerRequest> {
    const end = await read(this.pid, this.client);
    if (runs === 0) return { appMs: null, databaseMs: null };
    const appMs = this.start.process === null || end.process === null ? null : ((end.process - this.start.process) * 1000) / runs;
    let database = 0;
    for (const [pid, seconds] of end.backends) {
      if (seconds === null) continue;
      database += seconds - (this.start.backends.get(pid) ?? 0);
    }
    return { appMs, databaseMs: end.backends.size === 0 ? null : (database * 1000) / runs };
  }
}

async function read(pid: number, client: Client): Promise<Reading> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return { process: processCpuSeconds(pid), backends: new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)])) };
}
