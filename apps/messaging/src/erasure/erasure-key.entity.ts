import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The installation's key of `messaging.opt_out_hash` (one row, id 1), drawn at random by the
 * migration that created it: the hashes of two installations never match, and a hash cannot be
 * looked up in a table of hashed numbers made elsewhere. It lives in this schema, so whoever holds
 * a full copy of it can test numbers against the hashes (docs/privacy.md says so).
 */
@Entity({ name: 'erasure_keys' })
export class ErasureKeyEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'text' })
  key!: string;
}
