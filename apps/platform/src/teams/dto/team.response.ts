import type { UserStatus } from '@suite/contracts';
import { apiId } from '../../shared/api-ids';
import type { UserEntity } from '../../users/user.entity';
import type { TeamMemberEntity } from '../team-member.entity';
import type { TeamEntity } from '../team.entity';

export type YesNoFlag = 'Yes' | 'No';
const flag = (manager: boolean): YesNoFlag => (manager ? 'Yes' : 'No');

/** The spec's "Team member listing". */
export interface TeamMembersResponse {
  users: Array<{ id: number; name: string; email: string; status: UserStatus; assigned: boolean; manager: YesNoFlag }>;
  assigned_members: Array<{ user_id: number; manager: YesNoFlag }>;
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

export const mapTeam = (team: TeamEntity, membersCount: number) => ({
  id: apiId(team.id),
  name: team.name,
  members_count: membersCount,
  created_at: team.createdAt.toISOString(),
});
