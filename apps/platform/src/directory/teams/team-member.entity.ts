import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { TeamEntity } from './team.entity';

/** A user assigned to a team, possibly as its manager. Removed with the team or the user. */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn({ type: 'bigint' })
  teamId!: string;

  @Index()
  @PrimaryColumn({ type: 'bigint' })
  userId!: string;

  @Column({ type: 'boolean', default: false })
  manager!: boolean;

  @ManyToOne(() => TeamEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id' })
  team?: TeamEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
}
