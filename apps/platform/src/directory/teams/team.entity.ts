import { Column, Entity } from 'typeorm';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/** A company's team of users; members live in TeamMemberEntity. */
@Entity({ name: 'teams' })
export class TeamEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;
}
