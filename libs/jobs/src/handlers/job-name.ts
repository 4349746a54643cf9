/**
 * A job's name, declared once where its payload is (`defineJob`). The brand carries the payload's
 * type for readers; at run time it is the plain string stored in `jobs.queue`.
 */
export type JobName<P = unknown> = string & { readonly __jobPayload?: P };

export interface JobDefinitionOptions {
  /**
   * Only the provider that handles it ever enqueues it, and that provider exists only in some
   * configurations (the sandbox carrier's receipts): no handler is then no error, since nothing
   * can enqueue the job either.
   */
  readonly enqueuedOnlyByItsHandler?: boolean;
}

/** Declared names of this process, with whether a handler must exist for each (see checkJobHandlers). */
const declared = new Map<string, JobDefinitionOptions>();

/**
 * Declares a job name. Every declared name must have a `@JobHandler` in the app that loads its
 * declaration, or the app does not start (checkJobHandlers): a job can never be enqueued for
 * nobody. Declare it beside the payload's type, in the feature that owns the job.
 */
export function defineJob<P = unknown>(name: string, options: JobDefinitionOptions = {}): JobName<P> {
  declared.set(name, options);
  return name as JobName<P>;
}

/** The names that must have a handler: every declared one, except those only their handler enqueues. */
export function requiredJobNames(): string[] {
  return [...declared].filter(([, options]) => !options.enqueuedOnlyByItsHandler).map(([name]) => name);
}
