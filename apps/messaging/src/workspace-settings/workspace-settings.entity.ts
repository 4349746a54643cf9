import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A workspace's messaging settings. No row, or a null column, means the default of
 * config/messaging-defaults.ts, so changing a default reaches every workspace that kept it.
 */
@Entity({ name: 'workspace_settings' })
export class WorkspaceSettingsEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  /** 'HH:MM', recipient's local time. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  sendWindowStart!: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  sendWindowEnd!: string | null;

  /** Auto-reply to HELP/INFO. */
  @Column({ type: 'text', nullable: true })
  helpReply!: string | null;

  @Column({ type: 'real', nullable: true })
  perSecondRate!: number | null;

  @Column({ type: 'int', nullable: true })
  warmupDays!: number | null;

  @Column({ type: 'int', nullable: true })
  dailyNewContactsStart!: number | null;

  @Column({ type: 'int', nullable: true })
  dailyNewContactsMax!: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
