/**
 * `npm run bench:rate-limits`: what the rate limits (decision 0045) cost per request.
 *
 * Whole requests: two messaging processes, each on a database of its own, alike but for
 * RATE_LIMITS_ENABLED — one unlimited, one limited with budgets the load never reaches (so every
 * request takes the admitted path: local leases refilled from PostgreSQL in chunks) — take the same
 * load in alternating rounds; CPU per request is read from /proc for the app process and its
 * PostgreSQL backends (process-cpu.ts). Per workload (a cheap read, GET /v1/messages/list?limit=1,
 * where the limiter weighs most; and the send path, POST /v1/messages) it prints both medians.
 * On a shared 2-core machine their difference swings by more than the limiter costs, so the verdict
 * rests on the second measurement:
 *
 * The limiter alone: one key's requests through RateLimitGuard, in this process against the
 * limited app's database (limiter-alone.ts), CPU per request here and in PostgreSQL. PASS when that is at most
 * 5 % of the unlimited app's CPU per request of each workload.
 *
 *   BENCH_RL_ROUNDS=3 BENCH_RL_SECONDS=8 BENCH_RL_WARMUP_SECONDS=3 BENCH_RL_CONNECTIONS=16
 *   BENCH_RL_ADMISSIONS=200000 BENCH_LOG_LEVEL=warn
 *
 * Needs PostgreSQL (DATABASE_URL or embedded) and Kafka (KAFKA_BROKERS or a local broker). CPU per
 * request hardly depends on what else runs on the machine; req/s do, so they are shown, not judged.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { provideBenchServices, type BenchServices } from '../bench-services';
import { percentile } from '../bench-stats';
import { CpuMeter, cpuPerRequest } from '../messaging/process-cpu';
import { FailureSamples } from '../messaging/send-path/failure-samples';
import { startMessaging, type MessagingTarget } from '../messaging/send-path/messaging-target';
import { SendBodies } from '../messaging/send-path/send-bodies';
import { postMessages, summarise, type LoadResult } from '../messaging/send-path/send-load';
import { limiterCostPerRequest } from './limiter-alone';

const intEnv = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback;
const SETTINGS = {
  rounds: intEnv('BENCH_RL_ROUNDS', 3),
  seconds: intEnv('BENCH_RL_SECONDS', 8),
  warmupSeconds: intEnv('BENCH_RL_WARMUP_SECONDS', 3),
  connections: intEnv('BENCH_RL_CONNECTIONS', 16),
  admissions: intEnv('BENCH_RL_ADMISSIONS', 200_000),
};
const GOAL_OVERHEAD = 0.05;
const HARD_LIMIT_MS = (180 + 2 * 2 * (SETTINGS.rounds + 1) * (SETTINGS.seconds + SETTINGS.warmupSeconds)) * 1000;

interface Workload {
  name: string;
  run(target: MessagingTarget, seconds: number): Promise<LoadResult>;
}

const readLoad = async (target: MessagingTarget, seconds: number): Promise<LoadResult> => {
  const samples = new FailureSamples();
  const result = await autocannon({
    url: target.server.url,
    connections: SETTINGS.connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path: '/v1/messages/list?limit=1',
        headers: { 'x-api-key': target.workspace.apiKey },
        onResponse: (status, body) => {
          if (status < 200 || status >= 300) samples.add(status, body);
        },
      },
    ],
  });
  return summarise(result, samples);
};

function sendLoad(): Workload['run'] {
  const bodies = new Map<MessagingTarget, SendBodies>();
  return (target, seconds) => {
    if (!bodies.has(target)) bodies.set(target, new SendBodies());
    return postMessages({ url: target.server.url, headers: { 'x-api-key': target.workspace.apiKey } }, bodies.get(target)!, {
      seconds,
      connections: SETTINGS.connections,
    });
  };
}

interface Round {
  cpuMs: number;
  appMs: number;
  databaseMs: number;
  requestsPerSecond: number;
}

async function round(target: MessagingTarget, databaseUrl: string, workload: Workload): Promise<Round> {
  const meter = await CpuMeter.start(target.server.pid, databaseUrl);
  const before = meter.snapshot();
  const load = await workload.run(target, SETTINGS.seconds);
  const cpu = cpuPerRequest(before, meter.snapshot(), load.answered);
  if (load.failures > 0) throw new Error(`${workload.name}: ${load.failures} failed requests — ${load.failureDetail}`);
  if (cpu.appMs === null) throw new Error('CPU per request is not measurable here (needs Linux /proc)');
  return {
    cpuMs: cpu.appMs + (cpu.databaseMs ?? 0),
    appMs: cpu.appMs,
    databaseMs: cpu.databaseMs ?? 0,
    requestsPerSecond: load.requestsPerSecond,
  };
}

const median = (values: readonly number[]) => percentile(values, 50);

interface Measured {
  target: MessagingTarget;
  databaseUrl: string;
}

interface Summary {
  cpuMs: number;
  appMs: number;
  databaseMs: number;
  requestsPerSecond: number;
}

/** Alternating rounds on both apps; prints the medians and their difference, returns the unlimited app's. */
async function compare(workload: Workload, unlimited: Measured, limited: Measured): Promise<Summary> {
  for (const { target } of [unlimited, limited]) await workload.run(target, SETTINGS.warmupSeconds);
  const rounds: Record<'unlimited' | 'limited', Round[]> = { unlimited: [], limited: [] };
  for (let index = 0; index < SETTINGS.rounds; index++) {
    // In the other order every other round, so a drift in the machine's load falls on both.
    const order = index % 2 ? (['limited', 'unlimited'] as const) : (['unlimited', 'limited'] as const);
    for (const mode of order) {
      const { target, databaseUrl } = mode === 'limited' ? limited : unlimited;
      rounds[mode].push(await round(target, databaseUrl, workload));
    }
  }
  const summary = (mode: 'unlimited' | 'limited'): Summary => ({
    cpuMs: median(rounds[mode].map((r) => r.cpuMs)),
    appMs: median(rounds[mode].map((r) => r.appMs)),
    databaseMs: median(rounds[mode].map((r) => r.databaseMs)),
    requestsPerSecond: median(rounds[mode].map((r) => r.requestsPerSecond)),
  });
  const [free, paid] = [summary('unlimited'), summary('limited')];
  const line = (label: string, s: Summary) =>
    `    ${label.padEnd(10)} ${s.cpuMs.toFixed(3)} ms CPU/request (app ${s.appMs.toFixed(3)}, PostgreSQL ${s.databaseMs.toFixed(3)}), ` +
    `${Math.round(s.requestsPerSecond)} req/s`;
  console.log(
    `\n  ${workload.name} (medians of ${SETTINGS.rounds} rounds of ${SETTINGS.seconds} s, ${SETTINGS.connections} connections):`,
  );
  console.log(line('unlimited', free));
  console.log(line('limited', paid));
  console.log(
    `    difference ${(((paid.cpuMs - free.cpuMs) / free.cpuMs) * 100).toFixed(1)} % (whole requests: within the machine's noise)`,
  );
  return free;
}

async function main(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`bench-rate-limits: exceeded ${HARD_LIMIT_MS / 1000} s, aborting`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();
  const services = await provideBenchServices(true, 'bench_rate_limits_off');
  const targets: MessagingTarget[] = [];
  let limitedServices: BenchServices | undefined;
  try {
    const brokers = services.brokers;
    if (!brokers) throw new Error('bench-rate-limits needs Kafka');
    limitedServices = await provideBenchServices(true, 'bench_rate_limits_on');
    console.log(
      `bench-rate-limits: ${os.cpus().length} cores, node ${process.version}, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} at start; ${services.describe}`,
    );
    const unlimited = await startMessaging({ ...services, brokers }, { RATE_LIMITS_ENABLED: 'false' });
    targets.push(unlimited);
    const limited = await startMessaging({ ...limitedServices, brokers }, { RATE_LIMITS_ENABLED: 'true' });
    targets.push(limited);
    const workloads: Workload[] = [
      { name: 'read: GET /v1/messages/list?limit=1', run: readLoad },
      { name: 'send: POST /v1/messages', run: sendLoad() },
    ];
    const unlimitedCost = [];
    for (const workload of workloads) {
      const free = await compare(
        workload,
        { target: unlimited, databaseUrl: services.databaseUrl },
        { target: limited, databaseUrl: limitedServices.databaseUrl },
      );
      unlimitedCost.push({ workload, free });
    }
    const limiter = await limiterCostPerRequest(limitedServices.databaseUrl, SETTINGS.admissions);
    const limiterMs = (limiter.appMs ?? 0) + (limiter.databaseMs ?? 0);
    console.log(
      `\n  the limiter alone (RateLimitGuard), ${SETTINGS.admissions} requests of one key: ${limiterMs.toFixed(4)} ms CPU/request ` +
        `(app ${(limiter.appMs ?? 0).toFixed(4)}, PostgreSQL ${(limiter.databaseMs ?? 0).toFixed(4)})`,
    );
    let pass = true;
    for (const { workload, free } of unlimitedCost) {
      const share = limiterMs / free.cpuMs;
      const verdict = share <= GOAL_OVERHEAD;
      pass &&= verdict;
      console.log(
        `    ${(share * 100).toFixed(2)} % of an unlimited ${workload.name.split(':')[0]} request's ${free.cpuMs.toFixed(3)} ms ` +
          `(goal ≤ ${GOAL_OVERHEAD * 100} %): ${verdict ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(`\nbench-rate-limits: ${pass ? 'PASS' : 'FAIL'}`);
  } finally {
    for (const target of targets) await target.stop().catch(() => undefined);
    await limitedServices?.cleanup();
    await services.cleanup();
    clearTimeout(hardLimit);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-rate-limits failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
