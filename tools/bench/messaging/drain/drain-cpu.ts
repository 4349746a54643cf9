import type { Client } from 'pg';
import { processCpuSeconds } from '../process-cpu';

/** CPU seconds so far of the replicas' processes and of the drain database's PostgreSQL backends, by pid. */
export interface DrainCpuSnapshot {
  replicas: Array<number | null>;
  backends: Map<number, number | null>;
}

/** Milliseconds of CPU per handed-over message, in the replicas (together) and in PostgreSQL; null where /proc does not show it. */
export interface DrainCpu {
  replicasMs: number | null;
  databaseMs: number | null;
}

/**
 * Reads /proc for the replicas and every backend connected to the drain's database. Backends are
 * listed again at each snapshot: the replicas' pools open connections as the drain warms up, and
 * a backend first seen at the end spent all its CPU during the drain (the measuring client's own
 * backend, polling once a second, is included; it is noise).
 */
export async function drainCpuSnapshot(client: Client, replicaPids: readonly number[]): Promise<DrainCpuSnapshot> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return {
    replicas: replicaPids.map((pid) => processCpuSeconds(pid)),
    backends: new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)])),
  };
}

export function drainCpu(before: DrainCpuSnapshot, after: DrainCpuSnapshot, messages: number): DrainCpu {
  if (messages === 0) return { replicasMs: null, databaseMs: null };
  let replicas = 0;
  for (const [i, start] of before.replicas.entries()) {
    const end = after.replicas[i];
    if (start == null || end == null) return { replicasMs: null, databaseMs: databaseMs(before, after, messages) };
    replicas += end - start;
  }
  return { replicasMs: (replicas * 1000) / messages, databaseMs: databaseMs(before, after, messages) };
}

function databaseMs(before: DrainCpuSnapshot, after: DrainCpuSnapshot, messages: number): number | null {
  let seconds = 0;
  let seen = 0;
  for (const [pid, end] of after.backends) {
    if (end == null) continue;
    const start = before.backends.has(pid) ? before.backends.get(pid) : 0;
    if (start == null) continue;
    seconds += end - start;
    seen++;
  }
  // Backends that closed during the drain are not counted (the pools keep theirs while busy).
  return seen === 0 ? null : (seconds * 1000) / messages;
}
