import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const WEEK_STARTS = ['sunday', 'monday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** How long an appointment booked without `ends_at` lasts, unless the company sets its own; and the bounds it may set. */
export const DEFAULT_APPOINTMENT_MINUTES = 30;
export const APPOINTMENT_MINUTES_RANGE = { min: 5, max: 1440 } as const;

/** A customer account. An agency is a company whose children have `parentCompanyId` = its id. */
@Entity({ name: 'companies' })
export class CompanyEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index()
  @Column({ type: 'bigint', nullable: true })
  parentCompanyId!: string | null;

  /** IANA time zone the dashboard and reports count days in. */
  @Column({ type: 'varchar', length: 64, default: 'America/New_York' })
  timezone!: string;

  /** First day of the company's week (`thisWeek`, `lastWeek`). */
  @Column({ type: 'varchar', length: 6, default: 'monday' })
  weekStart!: WeekStart;

  /** An appointment booked without `ends_at` ends this many minutes after it starts. */
  @Column({ type: 'integer', default: DEFAULT_APPOINTMENT_MINUTES })
  defaultAppointmentMinutes!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
