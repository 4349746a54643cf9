import type { DiscoveryService } from '@nestjs/core';
import type { JobQueue } from '../queue/job-queue';
import { hasJobHandlers, jobQueuesOf } from './job-handler.decorator';

/**
 * The app's queues: every `@JobHandler` method of every provider, in any module (the event
 * handlers' discovery, libs/eventing). Handlers must be singletons: a request-scoped provider has
 * no instance to run a job with.
 */
export function discoverJobQueues(discovery: DiscoveryService): Array<JobQueue<never, unknown>> {
  const providers = new Set<object>();
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    if (!wrapper.isDependencyTreeStatic()) {
      const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
      if (prototype && hasJobHandlers(Object.create(prototype))) {
        throw new Error(`job handler ${wrapper.name.toString()} must be a singleton provider (it is request-scoped)`);
      }
      continue;
    }
    if (instance && typeof instance === 'object' && hasJobHandlers(instance)) providers.add(instance);
  }
  return [...providers].flatMap(jobQueuesOf);
}

/**
 * A job enqueued with no handler is a start-up error: every declared job name (defineJob) must be
 * among the queues this app runs. Names declared with `enqueuedOnlyByItsHandler` are exempt.
 */
export function checkJobHandlers(required: readonly string[], handled: ReadonlySet<string>): void {
  const missing = required.filter((name) => !handled.has(name)).sort();
  if (missing.length > 0) {
    throw new Error(
      `jobs: no @JobHandler for ${missing.join(', ')} — a declared job would wait for ever; ` +
        "list the provider that handles it among its module's providers",
    );
  }
}
