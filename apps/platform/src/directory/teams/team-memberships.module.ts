import { unscopedRepository } from '@suite/database';
import { Global, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { USER_MEMBERSHIPS, type UserMemberships } from '../users/user-memberships';
import { TeamMemberEntity } from './team-member.entity';

/** A deleted user leaves every team. Assignments have no company id of their own: the user was found in the company. */
export const teamMemberships: UserMemberships = {
  removeUser: async (manager: EntityManager, userId: string) => {
    await unscopedRepository(manager, TeamMemberEntity).delete({ userId });
  },
};

/** Hands UsersService the teams' side of a user's deletion (users/user-memberships.ts); imported by TeamsModule. */
@Global()
@Module({
  providers: [{ provide: USER_MEMBERSHIPS, useValue: teamMemberships }],
  exports: [USER_MEMBERSHIPS],
})
export class TeamMembershipsModule {}
