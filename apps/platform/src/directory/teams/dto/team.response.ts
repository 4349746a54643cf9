import { ApiProperty } from '@nestjs/swagger';
import { USER_STATUSES, type UserStatus } from '@suite/contracts';
import { apiId } from '../../../shared/api-ids';
import { YES_NO, type UserEntity, type YesNo } from '../../users/user.entity';
import type { TeamMemberEntity } from '../team-member.entity';
import type { TeamEntity } from '../team.entity';

const flag = (manager: boolean): YesNo => (manager ? 'Yes' : 'No');

export class TeamResponse {
  @ApiProperty({ type: 'integer', example: 5 }) id!: number;
  @ApiProperty({ example: 'Closers' }) name!: string;
  @ApiProperty({ type: 'integer' }) members_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class CreatedTeamMemberResponse {
  @ApiProperty({ type: 'integer', example: 7 }) user_id!: number;
  @ApiProperty() manager!: boolean;
}

/** The created team, with the members it was created with. */
export class CreatedTeamResponse extends TeamResponse {
  @ApiProperty({ type: [CreatedTeamMemberResponse] }) members!: CreatedTeamMemberResponse[];
}

export class TeamUserResponse {
  @ApiProperty({ type: 'integer', example: 7 }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: USER_STATUSES }) status!: UserStatus;
  @ApiProperty({ description: 'Whether the user is in this team' }) assigned!: boolean;
  @ApiProperty({ enum: YES_NO }) manager!: YesNo;
}

export class AssignedMemberResponse {
  @ApiProperty({ type: 'integer', example: 7 }) user_id!: number;
  @ApiProperty({ enum: YES_NO }) manager!: YesNo;
}

/** The spec's "Team member listing": every user of the company, and the team's members. */
export class TeamMembersResponse {
  @ApiProperty({ type: [TeamUserResponse] }) users!: TeamUserResponse[];
  @ApiProperty({ type: [AssignedMemberResponse] }) assigned_members!: AssignedMemberResponse[];
}

export function mapTeamMembers(users: UserEntity[], members: TeamMemberEntity[]): TeamMembersResponse {
  const byUser = new Map(members.map((member) => [member.userId, member]));
  return {
    users: users.map((user) => {
      const member = byUser.get(user.id);
      return {
        id: apiId(user.id),
        name: user.name,
        email: user.email,
        status: user.status,
        assigned: member !== undefined,
        manager: flag(member?.manager ?? false),
      };
    }),
    assigned_members: members.map((member) => ({ user_id: apiId(member.userId), manager: flag(member.manager) })),
  };
}

export const mapTeam = (team: TeamEntity, membersCount: number): TeamResponse => ({
  id: apiId(team.id),
  name: team.name,
  members_count: membersCount,
  created_at: team.createdAt.toISOString(),
});
