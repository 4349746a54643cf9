import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One shared token bucket (decision 0045): `<class>:company:<id>` or `<class>:<credential kind>:<id>`.
 * Its level was `tokens` at `updatedAt` and refills from there at the app's rate; `granted` is what the
 * last lease took (read back by the lease statement). The migration creates the table UNLOGGED:
 * buckets are worth no WAL, and after a crash they start full, which is what an empty table means.
 */
@Entity({ name: 'rate_limit_buckets' })
export class RateLimitBucketEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key!: string;

  @Column({ type: 'double precision' })
  tokens!: number;

  @Column({ type: 'integer' })
  granted!: number;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** Add to the DataSource entities of every app that limits its API (and generate its migration, made UNLOGGED). */
export const RATE_LIMIT_ENTITIES = [RateLimitBucketEntity];
