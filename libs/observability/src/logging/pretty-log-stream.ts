import pino, { type DestinationStream } from 'pino';

/**
 * pino-pretty's settings: time of day, level, the app's name (pino-pretty's `(name)`), then the
 * Nest context and the message; a request line as `GET /v1/messages 202 4 ms`. The request's
 * fields, trace id, pid and hostname stay in the JSON format only; other fields (an error's stack,
 * an event's details) are printed under the line.
 */
const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,context,req,res,responseTime,trace_id',
  messageFormat:
    '{if context}[{context}] {end}{msg}{if req.method} {req.method} {req.url} {res.statusCode} {responseTime} ms{end}',
  destination: 1,
  // In the worker: a line is on the terminal once the worker has taken it (flushLogs below).
  sync: true,
};

let shared: (DestinationStream & { flush(cb: (error?: Error) => void): void }) | undefined;

/**
 * The process's one pretty stream, shared by every app in it (the embedded launcher has four). A
 * pino transport: pino-pretty formats in a worker thread, so a request's line costs the request
 * path no more than a JSON line does (docs/decisions/0027-log-lines-for-a-person.md).
 */
export function prettyLogStream(): DestinationStream {
  shared ??= pino.transport({ target: require.resolve('pino-pretty'), options: PRETTY_OPTIONS });
  return shared!;
}

/**
 * Resolves once the pretty stream's worker has written every line logged so far (at once in the
 * JSON format, whose writes are synchronous): what is printed next comes after them, not among them.
 */
export function flushLogs(): Promise<void> {
  const stream = shared;
  if (!stream) return Promise.resolve();
  return new Promise((resolve) => stream.flush(() => resolve()));
}
