import { Client } from 'pg';

/**
 * Spec files that measure a wall-clock bound the product promises (a revocation refused by every
 * app within a second) and so must not share the machine's cores with another file (decision 0063).
 * Every file of a run takes a shared PostgreSQL advisory lock for its duration; these take it
 * exclusively, so they run while no other file does and no other file starts until they end
 * (PostgreSQL queues a shared request behind a waiting exclusive one: neither side starves).
 * Without DATABASE_URL (a unit-only run) there is nothing to share and no lock is taken.
 */
const RUN_ALONE = ['e2e/authz-replicas.integration-spec.ts'];
/** Any number both sides agree on: the key of the lock. */
const LOCK_KEY = 7_316_063;
/** Waiting for the files in flight on the other workers to finish. */
const WAIT_MS = 15 * 60_000;

const url = process.env.DATABASE_URL;
if (url) {
  const testPath = (expect.getState().testPath ?? '').replace(/\\/g, '/');
  const alone = RUN_ALONE.some((file) => testPath.endsWith(`/${file}`));
  let client: Client | undefined;
  beforeAll(async () => {
    client = new Client({ connectionString: url, application_name: 'jest-run-alone' });
    await client.connect();
    await client.query(alone ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_lock_shared($1)', [LOCK_KEY]);
  }, WAIT_MS);
  afterAll(async () => {
    // Ending the session releases its lock.
    await client?.end();
  });
}
