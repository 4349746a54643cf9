import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '../util/free-port';
import { killOnProcessExit } from '../util/process-reaper';
import { vendorDescriptionFile, type VendorDescriptionName } from './vendor-descriptions';

export interface PrismServerOptions {
  /** Generate answers from the schemas (json-schema-faker) instead of the described examples. */
  dynamic?: boolean;
  /** Seed of the dynamic answers, so a run is repeatable. */
  seed?: string;
  /** How long Prism may take to read the description and listen; default 60 s. */
  startTimeoutMs?: number;
}

/**
 * Prism (`@stoplight/prism-cli`) mocking one published description on 127.0.0.1: it answers as the
 * description documents and refuses (422, or 401 without the described credentials) a request
 * the description does not allow. A child process of its own, killed with the test process.
 */
export class PrismServer {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly release: () => void,
  ) {}

  static async start(description: VendorDescriptionName, options: PrismServerOptions = {}): Promise<PrismServer> {
    const port = await findFreePort();
    const args = [prismCli(), 'mock', '-h', '127.0.0.1', '-p', String(port), vendorDescriptionFile(description)];
    if (options.dynamic) args.push('--dynamic', ...(options.seed ? ['--seed', options.seed] : []));
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const release = killOnProcessExit(child.pid!);
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntilListening(child, options.startTimeoutMs ?? 60_000);
    } catch (error) {
      release();
      child.kill('SIGKILL');
      throw error;
    }
    return new PrismServer(url, child, release);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.release();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    this.release();
  }
}

function prismCli(): string {
  return path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

/** Resolves on Prism's "listening" line; rejects with the output it printed when it exits or hangs. */
function waitUntilListening(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-16_384);
      if (output.includes('Prism is listening on')) finish();
    };
    const onExit = (code: number | null): void => finish(new Error(`Prism exited (${code}) before listening:\n${output}`));
    const timer = setTimeout(() => finish(new Error(`Prism did not listen within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep draining the pipes so Prism never blocks on a full one; what it prints later is not needed.
      child.stdout?.removeAllListeners('data').resume();
      child.stderr?.removeAllListeners('data').resume();
      if (error) reject(error);
      else resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
