import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { AppError } from '@suite/runtime';
import { UserEntity } from '../users/user.entity';
import { TeamMemberEntity } from './team-member.entity';
import { TeamEntity } from './team.entity';

const TEAM_NOT_FOUND = 'Team not found.';

export interface TeamInput {
  name: string;
  members: Array<{ userId: string; manager: boolean }>;
}

/** Teams of a company and their members (live users of the same company only). */
@Injectable()
export class TeamsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(companyId: string): Promise<Array<{ team: TeamEntity; membersCount: number }>> {
    const teams = await this.dataSource.getRepository(TeamEntity).find({ where: { companyId }, order: { id: 'ASC' } });
    if (teams.length === 0) return [];
    const counts: Array<{ team_id: string; count: string }> = await this.dataSource
      .getRepository(TeamMemberEntity)
      .createQueryBuilder('member')
      .select('member.team_id', 'team_id')
      .addSelect('COUNT(*)', 'count')
      .where('member.team_id IN (:...ids)', { ids: teams.map((team) => team.id) })
      .groupBy('member.team_id')
      .getRawMany();
    const byTeam = new Map(counts.map((row) => [String(row.team_id), Number(row.count)]));
    return teams.map((team) => ({ team, membersCount: byTeam.get(team.id) ?? 0 }));
  }

  create(companyId: string, input: TeamInput): Promise<{ team: TeamEntity; members: TeamMemberEntity[] }> {
    return this.dataSource.transaction(async (manager) => {
      const byUser = new Map(input.members.map((member) => [member.userId, member.manager]));
      const userIds = [...byUser.keys()];
      if (userIds.length > 0) {
        const found = await manager
          .getRepository(UserEntity)
          .find({ select: { id: true }, where: { id: In(userIds), companyId, deletedAt: IsNull() } });
        const known = new Set(found.map((user) => user.id));
        const unknown = userIds.filter((id) => !known.has(id));
        if (unknown.length > 0) {
          throw new AppError('invalid', 'Every member must be a user of the company.', {
            members: [`unknown user_id: ${unknown.join(', ')}`],
          });
        }
      }
      const teams = manager.getRepository(TeamEntity);
      const team = await teams.save(teams.create({ companyId, name: input.name }));
      const members = [...byUser].map(([userId, isManager]) =>
        manager.getRepository(TeamMemberEntity).create({ teamId: team.id, userId, manager: isManager }),
      );
      if (members.length > 0) await manager.getRepository(TeamMemberEntity).insert(members);
      return { team, members };
    });
  }

  /** Every live user of the team's company, and the team's assignments. */
  async members(companyId: string, teamId: string): Promise<{ users: UserEntity[]; members: TeamMemberEntity[] }> {
    const team = await this.dataSource.getRepository(TeamEntity).findOneBy({ id: teamId, companyId });
    if (!team) throw new AppError('not_found', TEAM_NOT_FOUND);
    const [users, members] = await Promise.all([
      this.dataSource
        .getRepository(UserEntity)
        .find({ where: { companyId, deletedAt: IsNull() }, order: { name: 'ASC', id: 'ASC' } }),
      this.dataSource.getRepository(TeamMemberEntity).find({ where: { teamId: team.id }, order: { userId: 'ASC' } }),
    ]);
    return { users, members };
  }

  /** Removes the team and its member assignments (one transaction). */
  delete(companyId: string, teamId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const team = await manager
        .getRepository(TeamEntity)
        .findOne({ where: { id: teamId, companyId }, lock: { mode: 'pessimistic_write' } });
      if (!team) throw new AppError('not_found', TEAM_NOT_FOUND);
      await manager.getRepository(TeamMemberEntity).delete({ teamId: team.id });
      await manager.getRepository(TeamEntity).delete({ id: team.id, companyId });
    });
  }
}
