import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EmailDomainEntity } from '../domains/email-domain.entity';

/**
 * A sender address `local_part@domain` with its display name. The foreign key (ON DELETE
 * RESTRICT) makes "a domain with mailboxes cannot be deleted" hold even against a concurrent
 * mailbox creation.
 */
@Entity({ name: 'email_mailboxes' })
@Index('uq_email_mailboxes_domain_local_part', ['domainId', 'localPart'], { unique: true })
export class EmailMailboxEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'uuid' })
  domainId!: string;

  @ManyToOne(() => EmailDomainEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'domain_id' })
  domain?: EmailDomainEntity;

  @Column({ type: 'varchar', length: 64 })
  localPart!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  displayName!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
