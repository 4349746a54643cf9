import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { assertCompanyReferences, numericIds } from '../../shared/company-references';
import { UserEntity } from '../users/user.entity';
import { TeamMemberEntity } from './team-member.entity';
import { TeamEntity } from './team.entity';

const TEAM_NOT_FOUND = 'Team not found.';

/** Team assignments: only ever touched for a team already found in the company. */
const teamMembers = (source: DataSource | EntityManager) => unscopedRepository(source, TeamMemberEntity);

export interface TeamInput {
  name: string;
  members: Array<{ userId: string; manager: boolean }>;
}

/**
 * Teams of a company and their members (live users of the same company only). Members have no
 * company id of their own: they are read and written only through a team found in the company.
 */
@Injectable()
export class TeamsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(companyId: string): Promise<Array<{ team: TeamEntity; membersCount: number }>> {
    const teams = await CompanyScopedRepository.of(this.dataSource, TeamEntity, companyId).find({ order: { id: 'ASC' } });
    if (teams.length === 0) return [];
    const counts: Array<{ team_id: string; count: string }> = await teamMembers(this.dataSource)
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
      // Decision 0042: every member a live user of the company, or 422 on `members`.
      await assertCompanyReferences(manager, companyId, {
        members: {
          entity: UserEntity,
          noun: 'a user',
          many: true,
          ids: numericIds([...byUser.keys()]),
          where: { deletedAt: IsNull() },
        },
      });
      const teams = CompanyScopedRepository.of(manager, TeamEntity, companyId);
      const team = await teams.save(teams.create({ name: input.name }));
      const assignments = [...byUser].map(([userId, isManager]) =>
        teamMembers(manager).create({ teamId: team.id, userId, manager: isManager }),
      );
      if (assignments.length > 0) await teamMembers(manager).insert(assignments);
      return { team, members: assignments };
    });
  }

  /** Every live user of the team's company, and the team's assignments. */
  async members(companyId: string, teamId: string): Promise<{ users: UserEntity[]; members: TeamMemberEntity[] }> {
    const team = await CompanyScopedRepository.of(this.dataSource, TeamEntity, companyId).findOneBy({ id: teamId });
    if (!team) throw new AppError('not_found', TEAM_NOT_FOUND);
    const [users, assignments] = await Promise.all([
      CompanyScopedRepository.of(this.dataSource, UserEntity, companyId).find({
        where: { deletedAt: IsNull() },
        order: { name: 'ASC', id: 'ASC' },
      }),
      teamMembers(this.dataSource).find({ where: { teamId: team.id }, order: { userId: 'ASC' } }),
    ]);
    return { users, members: assignments };
  }

  /** Removes the team and its member assignments (one transaction). */
  delete(companyId: string, teamId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const teams = CompanyScopedRepository.of(manager, TeamEntity, companyId);
      const team = await teams.findOne({ where: { id: teamId }, lock: { mode: 'pessimistic_write' } });
      if (!team) throw new AppError('not_found', TEAM_NOT_FOUND);
      await teamMembers(manager).delete({ teamId: team.id });
      await teams.delete({ id: team.id });
    });
  }
}
