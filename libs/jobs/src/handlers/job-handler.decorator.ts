import type { JobQueue } from '../queue/job-queue';
import type { JobName } from './job-name';

/** What a method under `@JobHandler(name)` returns: the queue of that name, built from its provider. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue has its own payload and result
export type JobHandlerMethod = () => JobQueue<any, any>;

interface DeclaredHandler {
  readonly method: string | symbol;
  readonly name: string;
}

/** Declarations per class prototype; read along the prototype chain, so subclasses inherit them. */
const declared = new WeakMap<object, DeclaredHandler[]>();

/**
 * Marks a method of a provider as the definition of the job `name`: it returns the queue
 * (`JobQueue`: settings — concurrency, perKeyConcurrency, lease, timeout, pollMs, retry — and the
 * handler with its settle hooks), built with the provider's dependencies. JobsModule discovers
 * every such method in the app's providers at bootstrap, calls it once and runs the queue; the
 * returned queue must carry `name`. As with `@OnEvent`, listing the provider in its feature's
 * module is the whole registration.
 *
 *   @JobHandler(EMAIL_SEND_QUEUE)
 *   emailSendQueue(): JobQueue<EmailSendJob, Delivered> { return emailSendQueue(this.options, this.transport, this.store); }
 */
export function JobHandler(name: JobName) {
  return (prototype: object, method: string | symbol, _descriptor: TypedPropertyDescriptor<JobHandlerMethod>): void => {
    declared.set(prototype, [...(declared.get(prototype) ?? []), { method, name }]);
  };
}

/** The queues `provider` defines: each `@JobHandler` method of its class and its ancestors, called once. */
export function jobQueuesOf(provider: object): Array<JobQueue<never, unknown>> {
  return jobHandlerMethodsOf(provider).map(({ method, name }) => {
    const queue = ((provider as Record<string | symbol, unknown>)[method] as JobHandlerMethod).call(provider);
    const where = `${provider.constructor.name}.${String(method)}`;
    if (queue.name !== name) throw new Error(`jobs: @JobHandler('${name}') ${where} returned the queue "${queue.name}"`);
    return queue as JobQueue<never, unknown>;
  });
}

/** Whether `provider`'s class (or an ancestor) has a `@JobHandler` method. */
export function hasJobHandlers(provider: object): boolean {
  return jobHandlerMethodsOf(provider).length > 0;
}

function jobHandlerMethodsOf(provider: object): DeclaredHandler[] {
  const found: DeclaredHandler[] = [];
  for (let proto = Object.getPrototypeOf(provider); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    found.unshift(...(declared.get(proto) ?? []));
  }
  return found;
}
