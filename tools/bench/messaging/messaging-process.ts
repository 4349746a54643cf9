import { HEALTH_PATHS } from '@suite/contracts';
import { startChildServer, type ChildServer } from './child-server';

/**
 * The messaging app as `npm run start:messaging` runs it (dist/apps/messaging/src/main.js, its own
 * process), ready once /health/ready answers. BENCH_APP_NODE_ARGS reaches its node, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the app alone; `nodeArgs` go before them.
 */
export function startMessagingProcess(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  return startChildServer({
    name,
    script: 'apps/messaging/src/main.js',
    port,
    readyPath: HEALTH_PATHS.ready,
    // BENCH_APP_NODE_ARGS last: node takes the last of a repeated flag, so they override `nodeArgs`.
    nodeArgs: [...nodeArgs, ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    timeoutMs: 60_000,
    env,
  });
}
