import { TestEnvironment } from 'jest-environment-node';
import { Client } from 'pg';

/**
 * Spec files whose assertion holds for an app that is not starved of CPU, and so must not share the
 * machine's cores with another file (decision 0063): a wall-clock bound the product promises (a
 * revocation refused by every app within a second), and a drain that accepts the connections the
 * kernel has queued within one turn of the event loop (on a starved machine they stay unaccepted
 * and are reset when the listener closes — the overload case docs/deployment.md names).
 */
const RUN_ALONE = ['e2e/authz-replicas.integration-spec.ts', 'e2e/shutdown-drain.integration-spec.ts'];
/** Any number both sides agree on: the key of the lock. */
const LOCK_KEY = 7_316_063;
/** Waiting for the files in flight on the other workers to finish; longer is a run that hangs. */
const LOCK_TIMEOUT = '15min';

/**
 * jest's node environment holding a PostgreSQL advisory lock for the whole life of its spec file:
 * shared for every file, exclusive for a file in RUN_ALONE, so that one runs while no other file
 * does and no other file starts until it ends (PostgreSQL queues a shared request behind a waiting
 * exclusive one: neither side starves). Taken before the file is loaded and let go after its last
 * hook, its own teardown included — a setup file's afterAll runs before the spec's. Without
 * DATABASE_URL (a unit-only run) there is nothing to share and no lock is taken.
 */
export default class RunAloneEnvironment extends TestEnvironment {
  private readonly alone: boolean;
  private client: Client | undefined;

  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    const testPath = args[1].testPath.replace(/\\/g, '/');
    this.alone = RUN_ALONE.some((file) => testPath.endsWith(`/${file}`));
  }

  override async setup(): Promise<void> {
    await super.setup();
    const url = process.env.DATABASE_URL;
    if (!url) return;
    this.client = new Client({ connectionString: url, application_name: 'jest-run-alone' });
    await this.client.connect();
    await this.client.query(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
    await this.client.query(this.alone ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_lock_shared($1)', [LOCK_KEY]);
  }

  override async teardown(): Promise<void> {
    // Ending the session releases its lock.
    await this.client?.end();
    await super.teardown();
  }
}
