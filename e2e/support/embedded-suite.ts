import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { eventually, findFreePort } from '@suite/testing';
import { CompiledProcess } from './compiled-process';

export const APP_PORT_VARIABLES = ['MESSAGING_PORT', 'AUTH_PORT', 'PLATFORM_PORT', 'WEBHOOK_DISPATCH_PORT'] as const;
export type AppPorts = Record<(typeof APP_PORT_VARIABLES)[number], number>;

export async function freeAppPorts(): Promise<AppPorts> {
  const ports: Partial<AppPorts> = {};
  for (const name of APP_PORT_VARIABLES) ports[name] = await findFreePort();
  return ports as AppPorts;
}

/**
 * `npm start` on a data directory of its own: the compiled launcher (`dist/tools/start-embedded.js`;
 * build first) with no DATABASE_URL and no KAFKA_BROKERS, its embedded PostgreSQL on a free port,
 * the four apps on free ports of 127.0.0.1. `cleanUp` ends every launcher started here, then any
 * PostgreSQL process of this data directory, then deletes it — also after a failed test.
 */
export class EmbeddedSuite {
  private readonly launched: CompiledProcess[] = [];

  private constructor(
    readonly dataDir: string,
    readonly pgPort: number,
    readonly ports: AppPorts,
  ) {}

  static async create(prefix = 'suite-start-'): Promise<EmbeddedSuite> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
    await chmod(dataDir, 0o755); // the postgres OS user must reach its cluster directory
    return new EmbeddedSuite(dataDir, await findFreePort(), await freeAppPorts());
  }

  get clusterDir(): string {
    return path.join(this.dataDir, 'postgres');
  }

  /**
   * Starts the launcher; `ports` other than this suite's (a second launcher), node options (`--require`),
   * variables that replace the defaults (`LOG_LEVEL` is `warn` unless given).
   */
  launch(options: { ports?: AppPorts; nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {}): CompiledProcess {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUITE_DATA_DIR: this.dataDir,
      EMBEDDED_PG_PORT: String(this.pgPort),
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    for (const [name, port] of Object.entries(options.ports ?? this.ports)) env[name] = String(port);
    const launcher = CompiledProcess.start('dist/tools/start-embedded.js', env, options.nodeArgs);
    this.launched.push(launcher);
    return launcher;
  }

  async readiness(ports: AppPorts = this.ports): Promise<number[]> {
    return Promise.all(
      Object.values(ports).map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
        return response?.status ?? 0;
      }),
    );
  }

  /** Waits until the four apps answer ready; fails at once, with the launcher's output, if it exits first. */
  async ready(launcher: CompiledProcess, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      if (!launcher.running) throw new Error(`the launcher exited before the apps were ready:\n${launcher.stderr.slice(-1500)}`);
      statuses = await this.readiness();
      if (statuses.every((status) => status === 200)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      `the apps were not ready within ${timeoutMs} ms (readiness ${statuses.join(', ')}):\n${launcher.stderr.slice(-1500)}`,
    );
  }

  async query(sql: string): Promise<Array<Record<string, unknown>>> {
    const client = new Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${this.pgPort}/suite`,
      connectionTimeoutMillis: 2000,
    });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  /** The pids of the processes running a PostgreSQL server of this data directory (`postgres -D <cluster>`). */
  async postgresPids(): Promise<number[]> {
    return (await processesWhoseArgs((args) => args.includes('-D') && args[args.indexOf('-D') + 1] === this.clusterDir)).map(
      (p) => p.pid,
    );
  }

  /** Waits until no PostgreSQL of this data directory runs and nothing answers on its port. */
  async databaseStopped(timeoutMs = 15_000): Promise<void> {
    await eventually(
      async () => ({
        pids: await this.postgresPids(),
        answers: await this.query('SELECT 1').then(
          () => true,
          () => false,
        ),
      }),
      (state) => state.pids.length === 0 && !state.answers,
      { timeoutMs, what: `the embedded PostgreSQL of ${this.dataDir} stopped` },
    );
  }

  /** Processes other than PostgreSQL whose arguments name this data directory (the launcher's watchdog). */
  async helperPids(): Promise<number[]> {
    const launchers = new Set(this.launched.map((launcher) => launcher.child.pid));
    const postgres = new Set(await this.postgresPids());
    return (await processesWhoseArgs((args) => args.some((arg) => arg.includes(this.dataDir))))
      .map((p) => p.pid)
      .filter((pid) => !launchers.has(pid) && !postgres.has(pid));
  }

  /** Ends every launcher started here, its watchdog and any PostgreSQL of this data directory. */
  async stopLeftovers(): Promise<void> {
    for (const launcher of this.launched.splice(0)) {
      launcher.kill();
      await launcher.exited;
    }
    for (const pid of await this.helperPids()) signal(pid, 'SIGKILL');
    // SIGQUIT: immediate shutdown; the postmaster takes its backends with it.
    const postmaster = Number(
      (await readFile(path.join(this.clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
    );
    if ((await this.postgresPids()).includes(postmaster)) signal(postmaster, 'SIGQUIT');
    const left = await eventually(
      () => this.postgresPids(),
      (pids) => pids.length === 0,
      { timeoutMs: 10_000, what: 'no PostgreSQL left' },
    ).catch(() => this.postgresPids());
    for (const pid of left) signal(pid, 'SIGKILL');
  }

  async cleanUp(): Promise<void> {
    await this.stopLeftovers();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Linux: every process whose argument list matches, read from /proc. */
async function processesWhoseArgs(matches: (args: string[]) => boolean): Promise<Array<{ pid: number; args: string[] }>> {
  const found: Array<{ pid: number; args: string[] }> = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const raw = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = raw.split('\0').filter(Boolean);
    if (args.length > 0 && matches(args)) found.push({ pid: Number(entry), args });
  }
  return found;
}
