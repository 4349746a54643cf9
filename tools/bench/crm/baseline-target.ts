import { findFreePort } from '@suite/testing';
import { startChildServer, type ChildServer } from '../messaging/child-server';

/** baseline-server.ts in its own process, on the platform's database (the same tables and rows). */
export async function startCrmBaseline(options: {
  databaseUrl: string;
  poolSize: number;
  companyId: string;
  userId: string;
}): Promise<ChildServer> {
  const port = await findFreePort();
  return startChildServer({
    name: 'crm baseline',
    script: 'tools/bench/crm/baseline-server.js',
    port,
    readyPath: '/health',
    timeoutMs: 15_000,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: String(options.poolSize),
      PORT: String(port),
      BASELINE_COMPANY_ID: options.companyId,
      BASELINE_USER_ID: options.userId,
    },
  });
}
