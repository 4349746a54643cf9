import autocannon from 'autocannon';
import { FailureSamples } from './failure-samples';
import type { SendBodies } from './send-bodies';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Sent and answered with 2xx, per second of the run (the fixed-rate run's achieved rate). */
  achievedRate: number;
  /** Requests answered during the run. */
  answered: number;
  /** Connection errors, timeouts and non-2xx answers: must be 0. */
  failures: number;
  failureDetail: string;
}

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
}

/**
 * POST /v1/messages with autocannon, a fresh body per request. `overallRate` set: capped at
 * that rate in autocannon's way (per-connection quotas each second; see paced-load.ts); unset: as fast as `connections` go.
 */
export async function postMessages(
  target: LoadTarget,
  bodies: SendBodies,
  options: { seconds: number; connections: number; overallRate?: number },
): Promise<LoadResult> {
  const samples = new FailureSamples();
  const result = await autocannon({
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: 'POST',
        path: '/v1/messages',
        headers: { 'content-type': 'application/json', ...target.headers },
        setupRequest: (request) => ({ ...request, body: bodies.next() }),
        onResponse: (status, body) => {
          if (status < 200 || status >= 300) samples.add(status, body);
        },
      },
    ],
  });
  return summarise(result, samples);
}

export function summarise(result: autocannon.AutocannonResult, samples: FailureSamples): LoadResult {
  const failures = result.errors + result.timeouts + result.non2xx;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`);
  const detail = [
    ...(result.errors ? [`${result.errors} connection errors`] : []),
    ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
    ...codes,
    ...samples.describe(),
  ].join('; ');
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    achievedRate: Math.round(result['2xx'] / result.duration),
    answered: result['2xx'] + result.non2xx,
    failures,
    failureDetail: detail,
  };
}
