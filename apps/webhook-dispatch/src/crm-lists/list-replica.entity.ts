import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A selection list of the platform's CRM as webhook-dispatch knows it (from platform.list.v1):
 * whose it is, and since when it is gone. A webhook may be limited to a live list of its company.
 */
@Entity({ name: 'list_replicas' })
export class ListReplicaEntity {
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  /** When the list was deleted (the event's time); nobody is on it from then on. */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
