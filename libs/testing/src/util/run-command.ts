import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved, capped to the last `maxOutputChars` characters. */
  output: string;
}

export interface RunCommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  maxOutputChars?: number;
}

/**
 * Runs a command to completion without a shell and without stdin, and resolves with its
 * exit status and output instead of throwing, so callers can build an error message that
 * says what the tool printed.
 */
export function runCommand(command: string, args: string[], options: RunCommandOptions = {}): Promise<CommandResult> {
  const maxOutputChars = options.maxOutputChars ?? 20_000;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-maxOutputChars);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            output += `\n[killed after ${options.timeoutMs} ms]`;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.once('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}
