/** How log lines are written: one JSON object per line, or pino-pretty's coloured lines for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What decides the default: who reads the process's stdout. */
export interface LogOutput {
  /** stdout is a terminal: a person reads it (`npm start`, `npm run start:<app>`). */
  isTerminal: boolean;
  /** The process runs in a Kubernetes pod, whose output a log collector parses (even with `tty: true`). */
  underKubernetes: boolean;
}

/**
 * JSON unless a person reads the lines: pretty only on a terminal outside Kubernetes, so tests, CI,
 * Docker, pipes and files all get JSON. `LOG_FORMAT` (BaseEnvironment) forces either.
 */
export function chooseLogFormat(configured: LogFormat | undefined, output: LogOutput): LogFormat {
  if (configured) return configured;
  return output.isTerminal && !output.underKubernetes ? 'pretty' : 'json';
}

/** This process's output: stdout's TTY flag and the variable Kubernetes sets in every container. */
export function processLogOutput(stdout: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): LogOutput {
  return { isTerminal: stdout.isTTY === true, underKubernetes: Boolean(env['KUBERNETES_SERVICE_HOST']) };
}
