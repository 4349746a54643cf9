/**
 * `npm run bench:log-format`: what a request's log line costs in each format, on a Fastify server
 * with every app's request hooks (log-format-server.ts) run as its own process, its stdout a pipe
 * this process drains. The formats run in turn, BENCH_ROUNDS (default 3) times, each BENCH_SECONDS
 * (default 6) at BENCH_CONNECTIONS (default 10) after a 2 s warm-up, and each prints req/s, p99
 * and the CPU per request of the server's main thread — the request path — and of its whole
 * process (pino-pretty's worker thread included).
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { findFreePort } from '@suite/testing';
import { startChildServer } from '../messaging/child-server';
import { processCpuSeconds } from '../messaging/process-cpu';

const intEnv = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback;
const ROUNDS = intEnv('BENCH_ROUNDS', 3);
const SECONDS = intEnv('BENCH_SECONDS', 6);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 10);
const DESTINATIONS = ['json', 'pretty-worker', 'pretty-in-process'] as const;

const microseconds = (seconds: number | null, requests: number) =>
  seconds === null ? 'n/a' : `${((seconds / requests) * 1e6).toFixed(1)} µs`;

async function measure(destination: string): Promise<string> {
  const port = await findFreePort();
  const server = await startChildServer({
    name: destination,
    script: 'tools/bench/log-format/log-format-server.js',
    env: { ...process.env, PORT: String(port), BENCH_LOG_DESTINATION: destination },
    port,
    readyPath: '/health/ready',
    timeoutMs: 10_000,
  });
  try {
    const url = `${server.url}/v1/messages/cc42b5ed-10c1-4700-aa7a-f9116390e313`;
    await autocannon({ url, connections: CONNECTIONS, duration: 2 });
    const before = { main: processCpuSeconds(server.pid, server.pid), all: processCpuSeconds(server.pid) };
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
    const main = processCpuSeconds(server.pid, server.pid);
    const all = processCpuSeconds(server.pid);
    const requests = result.requests.total;
    const cpu = (after: number | null, start: number | null) => (after === null || start === null ? null : after - start);
    return [
      destination.padEnd(18),
      `${Math.round(result.requests.average)} req/s`,
      `p99 ${result.latency.p99} ms`,
      `CPU per request: main thread ${microseconds(cpu(main, before.main), requests)},`,
      `process ${microseconds(cpu(all, before.all), requests)}`,
    ].join('  ');
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  console.log(
    `bench-log-format: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), node ${process.version}, ` +
      `load average ${load.join(' ')} at start; ${ROUNDS} rounds × ${SECONDS} s at ${CONNECTIONS} connections`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const destination of DESTINATIONS) console.log(await measure(destination));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
