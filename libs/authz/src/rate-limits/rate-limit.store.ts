import type { DataSource } from 'typeorm';
import { entityTable, PreparedStatement } from '@suite/database';
import { RateLimitBucketEntity } from './rate-limit-bucket.entity';
import type { BucketLeaseStore, LeaseGrant, LeaseRequest } from './token-bucket-leases';

/**
 * The shared buckets in the app's own schema: one statement takes (and gives back) tokens of any
 * number of buckets. An existing bucket is refilled for the time since its last write, credited
 * with what is given back, capped at its capacity, and then gives `least(want, whole tokens)`.
 * The rows are locked first, in key order (so two replicas leasing the same buckets wait for each
 * other rather than deadlock), and each sees the other's result; all of a request's buckets are
 * taken in one statement, so one replica never holds one bucket while another holds the other. A missing
 * bucket is created full, less what it gives; if another replica created it in between, that
 * bucket gets no grant this time and the caller asks again.
 */
export class PostgresBucketLeaseStore implements BucketLeaseStore {
  private readonly statement: PreparedStatement;

  constructor(private readonly dataSource: DataSource) {
    const table = entityTable(dataSource, RateLimitBucketEntity);
    const level = `least(i.capacity, b.tokens + i.returned + i.refill * greatest(0, extract(epoch FROM now() - b.updated_at)::float8))`;
    this.statement = new PreparedStatement(
      'rate_limit_lease',
      `WITH i AS (
         SELECT * FROM unnest($1::varchar[], $2::float8[], $3::float8[], $4::int[], $5::int[]) AS i(key, capacity, refill, want, returned)
       ), locked AS (
         SELECT b.key FROM ${table} b JOIN i ON i.key = b.key ORDER BY b.key FOR UPDATE OF b
       ), updated AS (
         UPDATE ${table} b
            SET granted = least(i.want, floor(${level})::int),
                tokens = ${level} - least(i.want, floor(${level})::int),
                updated_at = greatest(b.updated_at, now())
           FROM i WHERE b.key = i.key AND b.key IN (SELECT key FROM locked)
         RETURNING b.key, b.granted, b.tokens
       ), inserted AS (
         INSERT INTO ${table} (key, tokens, granted, updated_at)
         SELECT i.key, i.capacity - least(i.want, i.capacity), least(i.want, i.capacity)::int, now()
           FROM i WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.key = i.key)
          ORDER BY i.key
         ON CONFLICT (key) DO NOTHING
         RETURNING key, granted, tokens
       )
       SELECT key, granted, tokens FROM updated UNION ALL SELECT key, granted, tokens FROM inserted`,
      'authz',
    );
  }

  async lease(requests: readonly LeaseRequest[]): Promise<LeaseGrant[]> {
    if (requests.length === 0) return [];
    const runner = this.dataSource.createQueryRunner();
    try {
      const { rows } = await this.statement.run<{ key: string; granted: number; tokens: number }>(runner, [
        requests.map((r) => r.bucket.key),
        requests.map((r) => r.bucket.capacity),
        requests.map((r) => r.bucket.refillPerSecond),
        requests.map((r) => r.want),
        requests.map((r) => r.returned),
      ]);
      return rows.map((row) => ({ key: row.key, granted: Number(row.granted), level: Number(row.tokens) }));
    } finally {
      await runner.release();
    }
  }
}
