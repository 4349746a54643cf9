import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';
import type { AgentPerformanceState, AgentStatus } from '@suite/contracts';

/**
 * An AI voice agent of a company: what it says (`prompt`, `voice`), which of the company's numbers
 * it answers (`inboundNumberId`, at most one agent per number) and calls from
 * (`outboundNumberId`), whether it is offered at all (`active`) and whether it is taking calls
 * now (`status`). The performance threshold is optional: a minimum share of successful calls
 * over its last `performanceWindow` ended calls; `performanceState` remembers which side of it
 * the agent was last, so the event is raised once per crossing.
 */
@Entity({ name: 'agents' })
@Index('agents_company_name_idx', ['companyId', 'name', 'id'])
@Index('agents_inbound_number_uq', ['companyId', 'inboundNumberId'], {
  unique: true,
  where: 'deleted_at IS NULL AND inbound_number_id IS NOT NULL',
})
export class AgentEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  voice!: string | null;

  @Column({ type: 'text', nullable: true })
  prompt!: string | null;

  /** A phone number of the company (phone_numbers.id) this agent answers. */
  @Column({ type: 'bigint', nullable: true })
  inboundNumberId!: string | null;

  /** A phone number of the company this agent calls from. */
  @Column({ type: 'bigint', nullable: true })
  outboundNumberId!: string | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'varchar', length: 8, default: 'offline' })
  status!: AgentStatus;

  /** 0–1; null: no threshold. */
  @Column({
    type: 'numeric',
    precision: 5,
    scale: 4,
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  minSuccessRate!: number | null;

  @Column({ type: 'integer', nullable: true })
  performanceWindow!: number | null;

  /** The side of the threshold the last evaluation found; null until one ran. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  performanceState!: AgentPerformanceState | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
