import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The installation's key of `webhooks.erased_phone_hash` (one row, id 1), drawn at random by the
 * migration that created it (as messaging's own, decision 0050): a hash here matches no hash made
 * elsewhere. Whoever holds a full copy of this schema can test numbers against the hashes
 * (docs/privacy.md).
 */
@Entity({ name: 'erasure_keys' })
export class WebhooksErasureKeyEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'text' })
  key!: string;
}
