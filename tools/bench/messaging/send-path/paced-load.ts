import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { FailureSamples } from './failure-samples';
import type { SendBodies } from './send-bodies';
import type { LoadResult, LoadTarget } from './send-load';

/** How often the schedule is checked; requests due in between go out together on the next tick. */
const TICK_MS = 1;
const TIMEOUT_MS = 10_000;

/**
 * POST /v1/messages open-loop at a constant rate, evenly spaced: request i is due at
 * start + i / rate, whatever happened to the ones before it (wrk2's model). Its latency runs from
 * when it was due, not from when a connection was free to send it, so a stall counts against every
 * request it delayed (coordinated omission accounted for by construction, no synthetic samples).
 *
 * Why not autocannon's `overallRate` (decision 0018): each autocannon connection gets a quota per
 * second, sends it back to back at the top of the second and then idles, so a "1,000 req/s" run is
 * a burst of closed-loop load every second; and it corrects its histogram with an expected interval
 * of ceil(1 / rate) = 1 ms, recording a synthetic sample for every millisecond of every answer.
 */
export function postPaced(
  target: LoadTarget,
  bodies: SendBodies,
  options: { seconds: number; rate: number; connections: number },
): Promise<LoadResult> {
  return sendPaced(target, () => ({ method: 'POST', path: '/v1/messages', body: bodies.next() }), options);
}

/** One request of a paced run: a JSON body when there is one. */
export interface PacedRequest {
  method: string;
  path: string;
  body?: string;
}

/** The same schedule and measure as postPaced, for any request: `next` gives each one as it is due. */
export async function sendPaced(
  target: LoadTarget,
  next: () => PacedRequest,
  options: { seconds: number; rate: number; connections: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const latencies = new Float64Array(total);
  const samples = new FailureSamples();
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let settled = 0;
  let issued = 0;

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const settle = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const send = (index: number) => {
      const due = start + index * intervalMs;
      const { method, path, body } = next();
      const request = http.request(
        new URL(path, target.url),
        {
          method,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...target.headers,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            // The body is not needed: read it off the socket and time the answer's end.
            response.resume();
            response.on('end', () => {
              latencies[ok++] = performance.now() - due;
              settle();
            });
            return;
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            non2xx += 1;
            samples.add(status, Buffer.concat(chunks).toString('utf8'));
            settle();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        settle();
      });
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      while (issued < due) send(issued++);
      if (issued === total) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
  });
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  const sorted = latencies.subarray(0, ok).sort();
  const detail = [
    ...(errors ? [`${errors} connection errors or timeouts`] : []),
    ...(non2xx ? [`${non2xx} × non-2xx`] : []),
    ...samples.describe(),
  ].join('; ');
  return {
    requestsPerSecond: Math.round(ok / elapsedSeconds),
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    // Until the last answer: a server that falls behind stretches the run and lowers the rate.
    achievedRate: Math.round(ok / elapsedSeconds),
    answered: ok + non2xx,
    failures: errors + non2xx,
    failureDetail: detail,
  };
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: Float64Array, quantile: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
