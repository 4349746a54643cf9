/**
 * A job's name, declared once where its payload is (`defineJob`). The brand carries the payload's
 * type for readers; at run time it is the plain string stored in `jobs.queue`.
 */
export type JobName<P = unknown> = string & { readonly __jobPayload?: P };

export interface JobDefinitionOptions {
  /**
   * The app whose `jobs` table holds it (its `JobsModule.forRoot({ appName })`): the apps may
   * share a process (`npm start`), and each checks only its own jobs.
   */
  readonly app: string;
  /**
   * Only the provider that handles it ever enqueues it, and that provider exists only in some
   * configurations (the sandbox carrier's receipts): no handler is then no error, since nothing
   * can enqueue the job either.
   */
  readonly enqueuedOnlyByItsHandler?: boolean;
}

/** Declared names of this process, with their app and whether a handler must exist (see checkJobHandlers). */
const declared = new Map<string, JobDefinitionOptions>();

/**
 * Declares a job name of an app. Every declared name must have a `@JobHandler` in that app, or
 * the app does not start (checkJobHandlers): a job can never be enqueued for nobody. Declare it
 * beside the payload's type, in the feature that owns the job.
 */
export function defineJob<P = unknown>(name: string, options: JobDefinitionOptions): JobName<P> {
  const other = declared.get(name);
  if (other && other.app !== options.app) throw new Error(`jobs: ${name} is declared by ${other.app} and ${options.app}`);
  declared.set(name, options);
  return name as JobName<P>;
}

/** The names `app` must handle: every one it declared, except those only their handler enqueues. */
export function requiredJobNames(app: string): string[] {
  return [...declared].filter(([, options]) => options.app === app && !options.enqueuedOnlyByItsHandler).map(([name]) => name);
}
