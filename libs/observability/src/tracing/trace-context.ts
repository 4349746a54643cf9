import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * W3C trace context (https://www.w3.org/TR/trace-context/) carried through one unit of work:
 * an HTTP request, or the handling of one event. Events written to the outbox copy the
 * current `traceparent`, and consumers restore it, so one request can be followed across apps.
 */
export interface TraceContext {
  traceparent: string;
  requestId?: string;
}

const storage = new AsyncLocalStorage<TraceContext>();
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function isValidTraceparent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value) && !/^00-0{32}-/.test(value) && !/-0{16}-[0-9a-f]{2}$/.test(value);
}

/**
 * Random ids come from a pooled buffer: one getrandom call per 4 KiB instead of one or two per
 * span, a cost on a busy consumer (decision 0005 §5).
 */
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

/** Continues the caller's trace with a new span id, or starts a new trace. */
export function childTraceparent(parent?: string | null): string {
  const spanId = randomHex(8);
  if (parent && isValidTraceparent(parent)) {
    const [, traceId, , flags] = TRACEPARENT.exec(parent)!;
    return `00-${traceId}-${spanId}-${flags}`;
  }
  return `00-${randomHex(16)}-${spanId}-01`;
}

export function traceIdOf(traceparent: string): string {
  return traceparent.split('-')[1] ?? '';
}

export function runWithTraceContext<T>(context: TraceContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentTraceContext(): TraceContext | undefined {
  return storage.getStore();
}

export function currentTraceparent(): string | null {
  return storage.getStore()?.traceparent ?? null;
}
