import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root: compiled entry points are under `dist/` here. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A compiled entry point (`dist/...js`) running as its own process, its output kept. */
export class CompiledProcess {
  private stdoutText = '';
  private stderrText = '';
  /** Resolves with the exit code (or the signal that ended it) and when it happened. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

  constructor(
    readonly child: ChildProcess,
    readonly name: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.stdoutText += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderrText += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  }

  static start(entry: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): CompiledProcess {
    const child = spawn(process.execPath, [...nodeArgs, entry], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    return new CompiledProcess(child, entry);
  }

  get stdout(): string {
    return this.stdoutText;
  }

  get stderr(): string {
    return this.stderrText;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` and waits for the exit, at most `timeoutMs`. */
  async stop(
    signal: NodeJS.Signals,
    timeoutMs = 30_000,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> {
    if (this.running) this.child.kill(signal);
    return this.exitWithin(timeoutMs, `${signal}`);
  }

  /** The exit, if it comes within `timeoutMs`; else the process is SIGKILLed and this fails. */
  async exitWithin(
    timeoutMs: number,
    after = 'waiting',
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.kill();
        reject(new Error(`${this.name} did not exit within ${timeoutMs} ms (${after})\n${this.stderrText.slice(-2000)}`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL, for cleanup after a failed test: nothing runs in the process any more. */
  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }
}
